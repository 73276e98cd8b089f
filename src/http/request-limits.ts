import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from '../config.ts';
import { inputDepthError, jsonTextTooDeep } from '../domain/text-input.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { AppEnv } from './env.ts';
import { toErrorResponse } from './error-body.ts';

/**
 * Size limits of a request, checked before authentication so that an
 * oversized request costs nothing:
 * - query string longer than MAX_QUERY_STRING_LENGTH characters → 400
 *   (`details: {field: "query_string", code: "too_long"}`);
 * - header names and values above MAX_HEADER_BYTES in total → 400
 *   (`details: {field: "headers", code: "too_large"}`);
 * - body above MAX_BODY_BYTES (by Content-Length, or counted while
 *   streaming) → 413 (`details: {field: "body", code: "too_large"}`) with
 *   `Connection: close`: the unread rest is not drained.
 * 400 rather than 414/431 so every refusal carries the spec 7.1 body with
 * a status the spec names; Node's own cap (16 KiB for the request line and
 * headers together) still answers 431 without a body above these.
 */
export function requestSizeLimits(config: Config): MiddlewareHandler<AppEnv>[] {
  const sizes: MiddlewareHandler<AppEnv> = async (c, next) => {
    const url = c.req.url;
    const q = url.indexOf('?');
    const queryLength = q < 0 ? 0 : url.length - q - 1;
    let error: AppError | null = null;
    if (queryLength > config.MAX_QUERY_STRING_LENGTH) {
      error = new ValidationError(
        'query_string',
        `The query string is longer than ${config.MAX_QUERY_STRING_LENGTH} characters.`,
        'too_long',
      );
    } else {
      let headerBytes = 0;
      c.req.raw.headers.forEach((value, name) => {
        headerBytes += name.length + value.length + 4;
      });
      if (headerBytes > config.MAX_HEADER_BYTES) {
        error = new ValidationError(
          'headers',
          `The request headers are larger than ${config.MAX_HEADER_BYTES} bytes.`,
          'too_large',
        );
      }
    }
    if (error) {
      const { status, body } = toErrorResponse(error, c.get('logger'));
      return c.json(body, status as 400);
    }
    return next();
  };
  const body = bodyLimit({
    maxSize: config.MAX_BODY_BYTES,
    onError: (c) => {
      const err = new AppError(
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${config.MAX_BODY_BYTES} bytes.`,
        'body',
        'too_large',
      );
      const { status, body } = toErrorResponse(err, c.get('logger'));
      // The rest of the body is still on its way and will not be read: say the
      // connection ends (Node closes it after this answer), so a keep-alive
      // client opens a new one instead of finding its socket gone.
      c.header('Connection', 'close');
      return c.json(body, status as 413);
    },
  });
  return [sizes, body as MiddlewareHandler<AppEnv>];
}

/**
 * Answers 503 (`error: "TIMEOUT"`) when a request is still running after
 * REQUEST_TIMEOUT_MS. The work itself is not cancelled (a transaction in
 * flight completes or rolls back on its own); the client just stops
 * waiting. Event streams (`Accept: text/event-stream`) are exempt.
 */
export function requestTimeout(ms: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if ((c.req.header('accept') ?? '').includes('text/event-stream')) return next();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms);
    });
    try {
      const outcome = await Promise.race([next().then(() => 'done' as const), expired]);
      if (outcome === 'timeout') {
        c.get('logger').warn({ method: c.req.method, path: c.req.path, ms }, 'request timed out');
        const err = new AppError('TIMEOUT', `The request took longer than ${ms} ms.`, null, 'timeout');
        const { status, body } = toErrorResponse(err, c.get('logger'));
        return c.json(body, status as 503);
      }
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * graphql-yoga answers 500 when the `variables` or `extensions` parameter
 * of a GET query string (or of a form-encoded POST) is not JSON. Such a
 * request is the client's mistake: refuse it with 400 and a GraphQL error
 * naming the parameter before it reaches yoga; so is one nesting deeper
 * than MAX_INPUT_DEPTH (`too_deep`).
 */
export function graphqlParamsGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let params: URLSearchParams | null = null;
    if (c.req.method === 'GET') params = new URL(c.req.url).searchParams;
    else if ((c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      params = new URLSearchParams(await c.req.raw.clone().text());
    }
    for (const name of ['variables', 'extensions']) {
      const value = params?.get(name);
      if (!value) continue;
      const deepKey = jsonTextTooDeep(value);
      if (deepKey !== null) return c.json(graphqlRefusal(inputDepthError(name)), 400);
      try {
        JSON.parse(value);
      } catch {
        const message = `The "${name}" parameter is not valid JSON.`;
        return c.json(
          { errors: [{ message, extensions: { code: 'VALIDATION', field: name, detail: 'invalid_json' } }] },
          400,
        );
      }
    }
    return next();
  };
}

/** The GraphQL-over-HTTP shape of a refusal on /graphql (errors with code, field and detail). */
function graphqlRefusal(err: AppError) {
  return { errors: [{ message: err.message, extensions: { code: err.code, field: err.field, detail: err.detail } }] };
}

/**
 * Refuses a request body that nests arrays or objects deeper than
 * MAX_INPUT_DEPTH with 400 (`details: {field: <top-level key or "body">,
 * code: "too_deep"}`), scanning the text before anything parses it: every
 * JSON body (REST, tool routes, /graphql, /mcp) is checked in constant stack
 * and linear time, before authentication. Form-encoded and multipart bodies
 * are not JSON and are left alone.
 */
export function jsonDepthLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/')) return next();
    const key = jsonTextTooDeep(await c.req.raw.clone().text());
    if (key === null) return next();
    const err = inputDepthError(key || 'body');
    if (c.req.path === '/graphql') return c.json(graphqlRefusal(err), 400);
    const { status, body } = toErrorResponse(err, c.get('logger'));
    return c.json(body, status as 400);
  };
}

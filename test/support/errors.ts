import { expect } from 'vitest';
import { AppError, HTTP_STATUS, type ErrorCode } from '../../src/errors.ts';

/** A finished HTTP call: a `Response`, or its status and parsed body. */
export type HttpResult = Response | { status: number; body: unknown };

/**
 * The spec 7.1 error body as an `expect` matcher: `error` is the given code
 * (any string when omitted), `details.code` likewise.
 */
export function errorBody(error: ErrorCode | undefined, field: string | null, code?: string) {
  return {
    success: false,
    error: error ?? expect.any(String),
    message: expect.any(String),
    details: { field, code: code ?? expect.any(String) },
  };
}

/**
 * Asserts an error response: the status, and exactly the spec 7.1 body
 * naming `field` (and the detail `code`, when given), with an `error` code
 * that maps to that status. Returns the body for further checks.
 */
export async function expectError(res: HttpResult, status: number, field: string | null, code?: string) {
  // Duck-typed: @hono/node-server replaces the global Response class, so a
  // fetch() answer need not be an instance of the one in scope.
  const body = ('json' in res && typeof res.json === 'function' ? await res.json() : res.body) as Record<string, any>;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body).toEqual(errorBody(undefined, field, code));
  expect(HTTP_STATUS[body.error as ErrorCode], `error ${body.error} answers ${status}`).toBe(status);
  return body;
}

/** Asserts a 401 with the spec 7.1 body (optionally its field and detail code). */
export async function expect401(res: HttpResult, details?: { field?: string | null; code?: string }) {
  const body = await expectError(
    res,
    401,
    details?.field === undefined ? expect.anything() : details.field,
    details?.code,
  );
  expect(body.error).toBe('UNAUTHENTICATED');
  return body;
}

/** The AppError a promise rejects with (fails the test when it resolves or throws something else). */
export async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected the call to fail').toBeInstanceOf(AppError);
  return err as AppError;
}

/** The AppError a synchronous call throws (fails the test when it returns). */
export function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected the call to throw');
}

/**
 * Asserts a domain call fails with an AppError of `code` naming `field`
 * (and with the detail code `detail`, when given).
 */
export async function expectAppError(p: Promise<unknown>, code: ErrorCode, field: string | null, detail?: string) {
  const err = await rejection(p);
  expect({ code: err.code, field: err.field }).toEqual({ code, field });
  if (detail) expect(err.detail).toBe(detail);
  return err;
}

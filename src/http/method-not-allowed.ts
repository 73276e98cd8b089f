import type { Context, Hono } from 'hono';
import type { AppEnv } from './env.ts';

/** A route's Hono path as a RegExp: `:name{re}` → `re`, `:name` → one segment, `*` → anything. */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/(:\w+(?:\{[^}]*\})?|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      const param = /^:\w+(?:\{([^}]*)\})?$/.exec(part);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return part.replace(/[.+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The methods the app answers on `path`, from its own route table (built on
 * first use, when every route is mounted). Middleware (`ALL`) and catch-all
 * paths do not count: they answer every path.
 */
export function allowedMethods(app: Hono<AppEnv>): (path: string) => string[] {
  let table: { method: string; pattern: RegExp }[] | null = null;
  return (path) => {
    table ??= app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '*' && r.path !== '/*')
      .map((r) => ({ method: r.method, pattern: pathPattern(r.path) }));
    const methods = new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/** The `Allow` header value for a known path asked with a method it does not answer, else null (a 404). */
export function allowHeaderFor(c: Context<AppEnv>, allowed: (path: string) => string[]): string | null {
  const methods = allowed(c.req.path);
  return methods.length && !methods.includes(c.req.method) ? methods.join(', ') : null;
}

import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * Time a file's start-up hook may take: a test app or database on PGlite
 * (copied from the migrated template) on a busy 2-core machine, with margin.
 */
export const START_TIMEOUT = 120_000;

/**
 * Makes a value before the file's tests (`beforeAll`) and disposes of it
 * after them (`afterAll`), and answers a handle usable at the top of the
 * file that forwards to the value once made. When making it fails, the
 * `afterAll` does nothing: the failure the file reports is the real one, not
 * a `Cannot read properties of undefined` from a close on nothing. And every
 * test of the file fails with that error (thrown again before each test)
 * instead of being skipped: a runner that reads test results only (StrykerJS)
 * would count a file whose set-up broke, with every test skipped, as passing.
 */
export function beforeAllValue<T extends object>(
  make: () => Promise<T>,
  dispose: (value: T) => Promise<unknown> | unknown,
): T {
  let value: T | undefined;
  let failure: { error: unknown } | undefined;
  beforeAll(async () => {
    try {
      value = await make();
    } catch (error) {
      failure = { error };
    }
  }, START_TIMEOUT);
  beforeEach(() => {
    if (failure) throw failure.error;
  });
  afterAll(async () => {
    if (value) await dispose(value);
  });
  const target = (): T => {
    if (!value) throw new Error('Used before its beforeAll finished (or after it failed).');
    return value;
  };
  return new Proxy({} as T, {
    get: (_, prop) => {
      const v = Reflect.get(target(), prop);
      // Bound, so methods that use private state see the real object.
      return typeof v === 'function' ? v.bind(target()) : v;
    },
    set: (_, prop, v) => Reflect.set(target(), prop, v),
    has: (_, prop) => Reflect.has(target(), prop),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, prop) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), prop);
      return d && { ...d, configurable: true };
    },
  });
}

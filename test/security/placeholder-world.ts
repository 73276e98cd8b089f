/**
 * A stand-in for a matrix's world whose every value reads as its own path
 * (`w.a.projectId` → `{a.projectId}`), so a row's path, body or variables
 * can name the test case before the real world exists.
 */
export function placeholderWorld<T>(): T {
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_, prop) => {
        const name = `{${path.join('.')}}`;
        if (prop === Symbol.toPrimitive) return () => name;
        if (prop === 'toJSON') return () => name;
        if (typeof prop === 'symbol') return undefined;
        return at([...path, prop]);
      },
    });
  return at([]) as T;
}

/** JSON of a value built from a placeholder world, its placeholders unquoted (`{"id":{draftId}}`). */
export function placeholderJson(value: unknown): string {
  return JSON.stringify(value).replace(/"(\{[\w.]+\})"/g, '$1');
}

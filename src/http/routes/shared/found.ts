/**
 * The object of a nullable GraphQL lookup (`task`, `project`, `draft`, …),
 * or the error the route answers when it is null: the routes keep their 404
 * (the error the lookup gave before it answered null), GraphQL answers null.
 */
export function found<T>(value: T | null | undefined, notFound: () => Error): T {
  if (value == null) throw notFound();
  return value;
}

/** The two writes of a Prisma model delegate that {@link insertRows} uses. */
interface RowWriter<Row> {
  create(args: { data: Row; select: { id: true } }): PromiseLike<unknown>;
  createMany(args: { data: Row[] }): PromiseLike<unknown>;
}

/**
 * Inserts `rows` with `create` when there is one and `createMany` otherwise.
 * Prisma 7 caches the query plans of single-row operations but compiles every
 * `createMany` afresh (~0.15 ms of CPU in its WebAssembly query compiler), and
 * one row is the common case of the hot paths (a task's event, a watcher's
 * notification).
 */
export async function insertRows<Row>(model: RowWriter<NoInfer<Row>>, rows: Row[]): Promise<void> {
  if (rows.length === 1) await model.create({ data: rows[0]!, select: { id: true } });
  else if (rows.length > 1) await model.createMany({ data: rows });
}

// Entry point of the event-lag receiver workers. Plain JavaScript: on Node 20
// a worker thread does not inherit tsx's loader (nor take `--import tsx` in
// its execArgv), so the TypeScript module is loaded through tsx's API.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);

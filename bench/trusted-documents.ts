// The bench's trusted document: the task list route's own document (what the
// "GraphQL direct" list sends as text), in a manifest the app child trusts
// (GRAPHQL_TRUSTED_DOCUMENTS_FILES), so the same operation runs once as text
// and once by `documentId` in the same run.

import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print } from 'graphql';
import { documentIdOf } from '../src/graphql/trusted-documents.ts';
import { listTasksRoute } from '../src/http/routes/tools/tasks.ts';

/** The task list route's document as text (printed once). */
export const LIST_SOURCE = print(listTasksRoute.document);

/** Its trusted-document id. */
export const LIST_DOCUMENT_ID = documentIdOf(LIST_SOURCE);

let file: string | undefined;

/** The manifest file of the bench's trusted documents, written once per bench process and removed at exit. */
export function benchTrustedDocumentsFile(): string {
  if (!file) {
    const path = join(tmpdir(), `tasksvc-bench-trusted-${process.pid}.json`);
    writeFileSync(path, JSON.stringify({ [LIST_DOCUMENT_ID]: LIST_SOURCE }));
    process.once('exit', () => rmSync(path, { force: true }));
    file = path;
  }
  return file;
}

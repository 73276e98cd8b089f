import type { ImportFormat, ImportRecord } from '../records.ts';
import { csvRecords, linearRecords } from './csv.ts';
import { githubRecords } from './github.ts';
import { tasksvcRecords } from './tasksvc.ts';
import { trelloRecords } from './trello.ts';

/** The board title of formats whose files do not name their board (GitHub issues, plain CSV), unless given. */
export const DEFAULT_BOARD_TITLES: Partial<Record<ImportFormat, string>> = { github: 'GitHub issues', csv: 'Imported board' };

/** The records of a file in `format`. */
export function recordsOf(format: ImportFormat, input: AsyncIterable<Buffer | string>, options: { boardTitle?: string } = {}): AsyncGenerator<ImportRecord> {
  const title = options.boardTitle ?? DEFAULT_BOARD_TITLES[format] ?? 'Imported board';
  switch (format) {
    case 'tasksvc':
      return tasksvcRecords(input);
    case 'trello':
      return trelloRecords(input);
    case 'github':
      return githubRecords(input, title);
    case 'linear':
      return linearRecords(input);
    case 'csv':
      return csvRecords(input, title);
  }
}

import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '../comment.ts';
import { NAME_LIMITS, STATUSES } from '../fields.ts';
import { PRIORITIES, TASK_LIMITS } from '../task/fields.ts';
import { BOARD_LIMITS } from '../board-manifest.ts';

// What every import reader (one per format, ./sources/) turns its file into:
// a stream of records in an order the writer (apply.ts) can follow without
// holding the file: people first, each board before its tasks, each task
// before its comments. Keys (`key`, `board`, `section`, `task`, `parent`) are
// the source's own ids, meaningful inside one file only.

/** The formats `tasksvc import --from` reads. */
export const IMPORT_FORMATS = ['tasksvc', 'trello', 'github', 'linear', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Budgets of one import, checked before the work they bound: the file's
 * size before it is read (a streamed tasksvc export may be large; the other
 * formats are parsed whole, so theirs is smaller), JSON nesting before a
 * foreign file is parsed, and the counts while records are read (the first
 * record past a count stops the import, nothing written).
 */
export const IMPORT_LIMITS = {
  streamedFileBytes: 2 * 1024 * 1024 * 1024,
  parsedFileBytes: 64 * 1024 * 1024,
  jsonDepth: 32,
  boards: 1000,
  people: 10_000,
  tasks: 200_000,
  comments: 1_000_000,
  /** Rows written per statement. */
  batchRows: 500,
} as const;

const key = z.union([z.string().min(1).max(200), z.number().int()]).transform(String);
const email = z.string().trim().toLowerCase().email().max(NAME_LIMITS.emailMax);
const when = z.iso.datetime({ offset: true }).or(z.iso.date()).nullish();

/** The team the file is of: the team an import makes when it is given none. */
export const teamRecord = z.object({ kind: z.literal('team'), title: z.string().trim().min(1).max(200) });

/** A person by email; created without a password when no user has that email. */
export const personRecord = z.object({
  kind: z.literal('person'),
  email,
  displayName: z.string().trim().min(1).max(NAME_LIMITS.displayNameMax),
  /** Their role on the team when the import makes the team; others join as members. */
  teamRole: z.enum(['owner', 'member']).nullish(),
});

/** A board with its sections (columns, in order) and labels. */
export const boardRecord = z.object({
  kind: z.literal('board'),
  key,
  title: z.string().trim().min(1).max(BOARD_LIMITS.titleMax),
  description: z.string().max(BOARD_LIMITS.descriptionMax).default(''),
  ticketPrefix: z.string().regex(/^[A-Z][A-Z0-9]{0,9}$/).nullish(),
  status: z.enum(STATUSES).default('Normal'),
  sections: z
    .array(z.object({ key, title: z.string().trim().min(1).max(NAME_LIMITS.sectionTitleMax) }))
    .min(1)
    .max(BOARD_LIMITS.sectionsMax),
  labels: z
    .array(z.object({ name: z.string().trim().min(1).max(NAME_LIMITS.labelNameMax), color: z.string().max(NAME_LIMITS.labelColorMax).nullish() }))
    .max(BOARD_LIMITS.labelsMax),
  members: z.array(z.object({ email, role: z.enum(['owner', 'member']).default('member') })).max(IMPORT_LIMITS.people).default([]),
});

/** A task of `board`, in one of its sections (null: the first). */
export const taskRecord = z.object({
  kind: z.literal('task'),
  key,
  board: key,
  /** Its number on the board (the ticket number); unique per board, else numbered in file order. */
  number: z.number().int().min(1).max(999_999_999).nullish(),
  title: z.string().trim().min(1).max(TASK_LIMITS.titleMax),
  description: z.string().max(TASK_LIMITS.descriptionMax).default(''),
  contentType: z.enum(['html', 'markdown']).default('html'),
  section: key.nullish(),
  status: z.enum(STATUSES).default('Normal'),
  priority: z.enum(PRIORITIES).nullish(),
  estimateMinutes: z.number().int().min(0).max(TASK_LIMITS.estimateMinutesMax).nullish(),
  /** A size in points (Linear's estimate). */
  estimateSize: z.number().int().min(0).max(1000).nullish(),
  dueDate: when,
  labels: z.array(z.string().trim().min(1).max(NAME_LIMITS.labelNameMax)).max(TASK_LIMITS.labelsMax).default([]),
  assignees: z.array(email).max(TASK_LIMITS.assigneesMax).default([]),
  parent: key.nullish(),
  createdBy: email.nullish(),
  createdAt: when,
  updatedAt: when,
  position: z.string().max(200).nullish(),
});

/** A comment on the task `task` (a key of an earlier task record). */
export const commentRecord = z.object({
  kind: z.literal('comment'),
  task: key,
  author: email.nullish(),
  text: z.string().trim().min(1).max(MAX_COMMENT_LENGTH * 4),
  contentType: z.enum(['html', 'markdown']).default('html'),
  createdAt: when,
  editedAt: when,
});

export const importRecord = z.discriminatedUnion('kind', [teamRecord, personRecord, boardRecord, taskRecord, commentRecord]);
export type ImportRecord = z.input<typeof importRecord>;
export type ParsedRecord = z.output<typeof importRecord>;
export type TaskRecord = z.output<typeof taskRecord>;
export type BoardRecord = z.output<typeof boardRecord>;

import { invalidDateMessage, parseIsoDate } from './iso-date.ts';
import { z } from 'zod';
import { renderContents } from '../content/render.ts';
import { ValidationError } from '../errors.ts';
import type { Priority } from '../generated/prisma/client.ts';
import { labelName } from './label.ts';
import { sectionTitle } from './section.ts';
import { TASK_LIMITS } from './task/fields.ts';
import { parseInput } from './validate.ts';
import { idField, NAME_LIMITS, printedLimit } from './fields.ts';

/**
 * Limits of a board manifest (spec 4.3, 8). They apply to both forms: the
 * tool form of `tasksvc_create_board` (spec 4.1) states none of its own.
 */
export const BOARD_LIMITS = {
  titleMax: 200,
  descriptionMax: 10_000,
  sectionsMin: 1,
  sectionsMax: 50,
  labelsMax: 100,
  tasksMax: 500,
  taskTitleMax: 500,
  taskDescriptionMax: TASK_LIMITS.descriptionMax,
  assigneesMax: 50,
} as const;

/** `BOARD_LIMITS` in words, as the API descriptions of both manifest forms state them. */
export const BOARD_LIMITS_TEXT =
  `title 1-${BOARD_LIMITS.titleMax}, ${BOARD_LIMITS.sectionsMin}-${BOARD_LIMITS.sectionsMax} sections, ` +
  `up to ${BOARD_LIMITS.labelsMax} labels, up to ${BOARD_LIMITS.tasksMax} tasks, task titles 1-${BOARD_LIMITS.taskTitleMax}`;

/**
 * What a public project (board) field means, once for every transport: the
 * Project type, both manifest inputs and the status argument in GraphQL, the
 * tool and REST bodies (so OpenAPI and MCP) and the presenters read this
 * text, limits printed from BOARD_LIMITS. Spellings of a status that differ
 * by transport (`ARCHIVE`, `Archive`) and body shapes are added by each.
 */
export const PROJECT_FIELD_DESCRIPTIONS = {
  title: `Board title, 1 to ${printedLimit(BOARD_LIMITS.titleMax)} characters (trimmed on write).`,
  description: `Free-text board description, at most ${printedLimit(BOARD_LIMITS.descriptionMax)} characters.`,
  status:
    'Status: normal, archived or deleted (soft: the board leaves the default list and is restored by setting it ' +
    'normal again); any member may change it; a new board is normal.',
  ticketPrefix: 'Prefix of ticket numbers (`ABC` in `ABC-12`), chosen from the title when the board is created (`Website Redesign` → `WR`).',
  memberCount: 'Number of members.',
  taskCount: 'Number of tasks that are not Deleted (Normal and Archive count).',
  sections: `The new board's sections (columns), ${BOARD_LIMITS.sectionsMin} to ${BOARD_LIMITS.sectionsMax}, in board order.`,
  labels: `Up to ${BOARD_LIMITS.labelsMax} labels of the new board, names unique in the manifest regardless of case.`,
  tasks: `Up to ${BOARD_LIMITS.tasksMax} starter tasks, in manifest order, numbered 1 to n (ticket numbers \`<prefix>-1\` …).`,
  labelColor: 'A manifest label’s colour: accepted and not stored.',
} as const;

/** One starter task, with every reference resolved to an index of the plan. */
export interface PlannedTask {
  title: string;
  /** Sanitised HTML. */
  description: string;
  sectionIndex: number;
  /** Indexes into `BoardPlan.labels`. */
  labelIndexes: number[];
  priority: Priority | null;
  /** Team manifest T-shirt size code (0 none, 2 XS … 6 XL), stored as given; null when omitted. */
  estimateSize: number | null;
  dueDate: Date | null;
  assigneeIds: number[];
}

/** A validated board manifest, whichever form it came in. */
export interface BoardPlan {
  title: string;
  description: string;
  sections: string[];
  labels: string[];
  tasks: PlannedTask[];
}

const L = BOARD_LIMITS;
const userId = () => idField();

// The rules of both manifest forms, exported so that the routes document
// them (OpenAPI bounds) without checking them again; the list rules no route
// documents (its lists carry their own count) stay private.

/** The team of a tool manifest by UUID (or its number as a string): 1 to 64 characters (trimmed). */
export const boardTeamRefField = () => z.string().trim().min(1).max(64);
/** A manifest's board title: 1 to titleMax characters (trimmed). */
export const boardTitleField = () => z.string().trim().min(1).max(L.titleMax);
/** A manifest's board description: at most descriptionMax characters. */
export const boardDescriptionField = () => z.string().max(L.descriptionMax);
/** A manifest's sections `{title}` in board order: sectionsMin to sectionsMax. */
export const boardSectionsField = () => z.array(z.object({ title: sectionTitle() })).min(L.sectionsMin).max(L.sectionsMax);
/** A manifest's labels (objects of either form): at most labelsMax. */
const boardLabelsField = <T extends z.ZodType>(label: T) => z.array(label).max(L.labelsMax);
/** A team manifest label's colour (accepted, not stored): at most NAME_LIMITS.labelColorMax characters. */
export const boardLabelColorField = () => z.string().max(NAME_LIMITS.labelColorMax);
/** A manifest's starter tasks (objects of either form): at most tasksMax. */
const boardTasksField = <T extends z.ZodType>(task: T) => z.array(task).max(L.tasksMax);
/** A starter task's title: 1 to taskTitleMax characters (trimmed). */
export const boardTaskTitleField = () => z.string().trim().min(1).max(L.taskTitleMax);
/** A starter task's description (HTML, before sanitising): at most taskDescriptionMax characters. */
export const boardTaskDescriptionField = () => z.string().max(L.taskDescriptionMax);
/** A starter task's label names (labels of the manifest): at most labelsMax, each a label name. */
export const boardTaskLabelsField = () => z.array(labelName()).max(L.labelsMax);
/** A starter task's assignees (tool form): at most assigneesMax user ids. */
const boardTaskAssigneesField = () => z.array(userId()).max(L.assigneesMax);
/** A starter task's due date as written (team form), at most 40 characters before it is read as ISO 8601. */
export const boardTaskDueDateField = () => z.string().max(40);

/** Priority codes of the team manifest: 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
export const PRIORITY_CODES: readonly (Priority | null)[] = [null, 'urgent', 'high', 'medium', 'low'];
/** Estimate codes of the team manifest (T-shirt sizes): 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL. */
export const ESTIMATE_CODES = [0, 2, 3, 4, 5, 6] as const;

/**
 * Reads an ISO 8601 date (`2026-03-01`, midnight UTC) or datetime; a
 * datetime without zone is taken as UTC. Impossible dates (Feb 30) and years
 * outside 1–9999 are refused (./iso-date.ts).
 */
export function parseDueDate(value: string, field: string): Date {
  const date = parseIsoDate(value);
  if (!date) throw new ValidationError(field, invalidDateMessage(field), 'invalid_date');
  return date;
}

const fold = (s: string) => s.trim().toLowerCase();

/** Finds the one section with this title (case-insensitive); unknown or ambiguous → VALIDATION on `field`. */
function sectionByTitle(sections: string[], title: string, field: string): number {
  const hits = sections.flatMap((s, i) => (fold(s) === fold(title) ? [i] : []));
  if (hits.length === 1) return hits[0];
  if (!hits.length) {
    throw new ValidationError(field, `${field}: no section titled "${title}" in this manifest (sections: ${sections.join(', ')}).`, 'unknown_section');
  }
  throw new ValidationError(field, `${field}: several sections are titled "${title}"; refer to one by position instead.`, 'ambiguous_section');
}

/** Label names are unique on a board, regardless of case. */
function checkLabels(labels: string[], prefix: string) {
  const seen = new Set<string>();
  labels.forEach((name, i) => {
    if (seen.has(fold(name))) {
      throw new ValidationError(`${prefix}.${i}.name`, `${prefix}.${i}.name: label "${name}" is listed twice.`, 'duplicate');
    }
    seen.add(fold(name));
  });
}

/** The tasks with their descriptions (HTML, spec 4.3) sanitised, all in one render job on `userId`'s share. */
async function withRenderedDescriptions(tasks: PlannedTask[], userId: number): Promise<PlannedTask[]> {
  const html = await renderContents(
    tasks.map((t, i) => ({ text: t.description, field: `tasks.${i}.description` })),
    userId,
  );
  return tasks.map((t, i) => ({ ...t, description: html[i] }));
}

function labelIndexesOf(labels: string[], names: string[], field: string): number[] {
  const out = new Set<number>();
  for (const name of names) {
    const i = labels.findIndex((l) => fold(l) === fold(name));
    if (i < 0) {
      throw new ValidationError(field, `${field}: label "${name}" is not defined in this manifest's labels.`, 'unknown_label');
    }
    out.add(i);
  }
  return [...out];
}

/** Tool form (spec 4.1 `tasksvc_create_board`), in GraphQL's camelCase names. */
export const toolBoardInput = z.object({
  teamId: z.union([idField(), boardTeamRefField()]),
  title: boardTitleField(),
  description: boardDescriptionField().nullish(),
  sections: boardSectionsField(),
  labels: boardLabelsField(z.object({ name: labelName() })).nullish(),
  tasks: boardTasksField(
    z.object({
      title: boardTaskTitleField(),
      section: sectionTitle(),
      description: boardTaskDescriptionField().nullish(),
      priority: z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.enum(['urgent', 'high', 'medium', 'low', 'none']))
        .nullish(),
      labels: boardTaskLabelsField().nullish(),
      assigneeIds: boardTaskAssigneesField().nullish(),
    }),
  ).nullish(),
});
export type ToolBoardInput = z.input<typeof toolBoardInput>;

/**
 * Validates the tool manifest: `section` is a section title of the manifest,
 * `labels` are label names of the manifest, `priority` a name
 * (`urgent|high|medium|low`, `none` for no priority).
 */
export async function planToolBoard(userId: number, input: ToolBoardInput): Promise<{ teamId: number | string; plan: BoardPlan }> {
  const a = parseInput(toolBoardInput, input);
  const sections = a.sections.map((s) => s.title);
  const labels = (a.labels ?? []).map((l) => l.name);
  checkLabels(labels, 'labels');
  const tasks = (a.tasks ?? []).map((t, i): PlannedTask => ({
    title: t.title,
    description: t.description ?? '',
    sectionIndex: sectionByTitle(sections, t.section, `tasks.${i}.section`),
    labelIndexes: labelIndexesOf(labels, t.labels ?? [], `tasks.${i}.labels`),
    priority: t.priority && t.priority !== 'none' ? t.priority : null,
    estimateSize: null,
    dueDate: null,
    assigneeIds: [...new Set(t.assigneeIds ?? [])],
  }));
  const plan = { title: a.title, description: a.description ?? '', sections, labels, tasks: await withRenderedDescriptions(tasks, userId) };
  return { teamId: a.teamId, plan };
}

/** Team form (spec 4.3 body), in GraphQL's camelCase names. */
export const teamBoardInput = z.object({
  title: boardTitleField(),
  description: boardDescriptionField().nullish(),
  sections: boardSectionsField(),
  labels: boardLabelsField(z.object({ name: labelName(), color: boardLabelColorField().nullish() })).nullish(),
  tasks: boardTasksField(
    z.object({
      title: boardTaskTitleField(),
      description: boardTaskDescriptionField().nullish(),
      sectionIndex: z.number().int().min(0).nullish(),
      sectionTitle: sectionTitle().nullish(),
      labelNames: boardTaskLabelsField().nullish(),
      priority: z.number().int().min(0).max(4).nullish(),
      estimate: z
        .number()
        .int()
        .refine((v) => (ESTIMATE_CODES as readonly number[]).includes(v), {
          message: 'must be 0 (none), 2 (XS), 3 (S), 4 (M), 5 (L) or 6 (XL)',
        })
        .nullish(),
      dueDate: boardTaskDueDateField().nullish(),
    }),
  ).nullish(),
});
export type TeamBoardInput = z.input<typeof teamBoardInput>;

/**
 * Validates the team manifest with every rule of spec 4.3: each task names
 * its section by `sectionIndex` (zero-based) or `sectionTitle`, exactly one;
 * `labelNames` must be labels of the same manifest; numeric priority and
 * estimate codes; due dates as ISO 8601 dates or datetimes. Label `color`
 * is accepted and not persisted (spec 2.3a).
 */
export async function planTeamBoard(userId: number, input: TeamBoardInput): Promise<BoardPlan> {
  const a = parseInput(teamBoardInput, input);
  const sections = a.sections.map((s) => s.title);
  const labels = (a.labels ?? []).map((l) => l.name);
  checkLabels(labels, 'labels');
  const tasks = (a.tasks ?? []).map((t, i): PlannedTask => {
    const at = `tasks.${i}`;
    const hasIndex = t.sectionIndex != null;
    const hasTitle = t.sectionTitle != null;
    if (hasIndex && hasTitle) {
      throw new ValidationError(`${at}.sectionIndex`, `${at}: give section_index or section_title, not both.`, 'section_ref_conflict');
    }
    if (!hasIndex && !hasTitle) {
      throw new ValidationError(`${at}.sectionIndex`, `${at}: give section_index or section_title.`, 'required');
    }
    if (hasIndex && t.sectionIndex! >= sections.length) {
      throw new ValidationError(
        `${at}.sectionIndex`,
        `${at}.sectionIndex: ${t.sectionIndex} is out of range; the manifest has ${sections.length} section(s), indexed from 0.`,
        'out_of_range',
      );
    }
    return {
      title: t.title,
      description: t.description ?? '',
      sectionIndex: hasIndex ? t.sectionIndex! : sectionByTitle(sections, t.sectionTitle!, `${at}.sectionTitle`),
      labelIndexes: labelIndexesOf(labels, t.labelNames ?? [], `${at}.labelNames`),
      priority: PRIORITY_CODES[t.priority ?? 0],
      estimateSize: t.estimate ?? null,
      dueDate: t.dueDate != null ? parseDueDate(t.dueDate, `${at}.dueDate`) : null,
      assigneeIds: [],
    };
  });
  return { title: a.title, description: a.description ?? '', sections, labels, tasks: await withRenderedDescriptions(tasks, userId) };
}

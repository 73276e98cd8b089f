import { z } from 'zod';
import { BOARD_LIMITS } from '../board-manifest.ts';
import { MAX_COMMENT_IMAGES, MAX_COMMENT_LENGTH } from '../comment.ts';
import { MAX_INT, NAME_LIMITS } from '../fields.ts';
import { TEAM_ROLES } from '../team-member.ts';
import { TASK_LIMITS } from '../task/fields.ts';

// The team export: one JSON document, version 1, written as a stream (see
// team-export.ts). Its top-level keys come in this order, which an importer
// of a streamed document relies on (people and boards before the tasks that
// name them, tasks before their comments and history):
//
//   format, version, exportedAt, service, team, people, agents, boards, tasks, comments, history
//
// Everything a task names it names by the export's own ids (`board`,
// `section`, `parent`, `task`: the exporting deployment's row ids) or by a
// person's email, so the document means the same on another deployment.
// Descriptions and comments are the sanitised HTML the service stores.

/** What `format` says. */
export const TEAM_EXPORT_FORMAT = 'tasksvc-team-export';

/** The version of the document's layout. */
export const TEAM_EXPORT_VERSION = 1;

/** The top-level keys in the order they are written. */
export const TEAM_EXPORT_KEYS = [
  'format',
  'version',
  'exportedAt',
  'service',
  'team',
  'people',
  'agents',
  'boards',
  'tasks',
  'comments',
  'history',
] as const;

const text = (max: number) => z.string().max(max);
const when = z.string().max(40);
const id = z.number().int().min(1).max(MAX_INT);
const urls = z.array(text(TASK_LIMITS.urlLength)).max(TASK_LIMITS.urlsMax);
const email = text(NAME_LIMITS.emailMax);

/** A person the team's data names: a team member (`teamRole`), or someone who was on a board, wrote or was assigned. */
export const exportPerson = z.object({
  email,
  displayName: text(NAME_LIMITS.displayNameMax),
  /** `owner` or `member` on the team; null for someone no longer on it. */
  teamRole: z.enum(TEAM_ROLES).nullable(),
});
export type ExportPerson = z.infer<typeof exportPerson>;

/** An agent of the team (assignees may be agents). */
export const exportAgent = z.object({ id: z.string().max(36), displayName: text(200) });
export type ExportAgent = z.infer<typeof exportAgent>;

/** A board of the team with its sections, labels and members. */
export const exportBoard = z.object({
  id,
  title: text(BOARD_LIMITS.titleMax),
  description: text(BOARD_LIMITS.descriptionMax),
  status: text(20),
  ticketPrefix: text(20),
  createdAt: when,
  members: z.array(z.object({ email, role: text(20) })).max(10_000),
  sections: z.array(z.object({ id, title: text(NAME_LIMITS.sectionTitleMax), ranking: text(200), visible: z.boolean() })).max(BOARD_LIMITS.sectionsMax * 20),
  labels: z.array(z.object({ name: text(NAME_LIMITS.labelNameMax), color: text(NAME_LIMITS.labelColorMax).nullable() })).max(BOARD_LIMITS.labelsMax * 10),
});
export type ExportBoard = z.infer<typeof exportBoard>;

/** A task: `section` is one of its board's `sections[].id`, labels by name, assignees by email or agent id. */
export const exportTask = z.object({
  id,
  board: id,
  number: id,
  ticket: text(40),
  title: text(TASK_LIMITS.titleMax),
  description: text(TASK_LIMITS.descriptionMax),
  section: id,
  status: text(20),
  priority: text(20).nullable(),
  estimateMinutes: z.number().int().min(0).max(TASK_LIMITS.estimateMinutesMax).nullable(),
  estimateSize: z.number().int().min(0).max(MAX_INT).nullable(),
  dueDate: when.nullable(),
  images: urls,
  attachments: urls,
  position: text(200).nullable(),
  parent: id.nullable(),
  labels: z.array(text(NAME_LIMITS.labelNameMax)).max(TASK_LIMITS.labelsMax),
  assignees: z.array(z.union([z.object({ email }), z.object({ agent: z.string().max(36) })])).max(TASK_LIMITS.assigneesMax),
  createdBy: email.nullable(),
  createdAt: when,
  updatedAt: when,
});
export type ExportTask = z.infer<typeof exportTask>;

/** A comment on `task`. */
export const exportComment = z.object({
  id,
  task: id,
  author: email.nullable(),
  text: text(MAX_COMMENT_LENGTH * 4),
  images: z.array(text(TASK_LIMITS.urlLength)).max(MAX_COMMENT_IMAGES),
  createdAt: when,
  editedAt: when.nullable(),
});
export type ExportComment = z.infer<typeof exportComment>;

/**
 * One event of a board's history (the outbox the service keeps for
 * EVENT_RETENTION_DAYS: older events are gone), as webhooks carry it;
 * `data` is the event's payload, whose ids are the exporting deployment's;
 * `task` may name a task that is gone (`task.deleted`).
 */
export const exportEvent = z.object({
  id: z.string().max(20),
  type: text(100),
  board: id,
  task: id.nullable(),
  ticket: text(40).nullable(),
  actor: email.nullable(),
  at: when,
  data: z.unknown(),
});
export type ExportEvent = z.infer<typeof exportEvent>;

/** The team the document is of. */
export const exportTeam = z.object({ id: z.string().max(36), number: id, title: text(200), createdAt: when });

/** The whole document (what the route answers, for OpenAPI). */
export const teamExportDocument = z.object({
  format: z.literal(TEAM_EXPORT_FORMAT),
  version: z.number().int(),
  exportedAt: when,
  service: text(100),
  team: exportTeam,
  people: z.array(exportPerson),
  agents: z.array(exportAgent),
  boards: z.array(exportBoard),
  tasks: z.array(exportTask),
  comments: z.array(exportComment),
  history: z.array(exportEvent).optional(),
});
export type TeamExportDocument = z.infer<typeof teamExportDocument>;

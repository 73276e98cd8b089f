import { type CreatedBoard, createTeamBoard, createToolBoard } from '../../domain/board.ts';
import { inIdOrder } from '../../domain/project.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';
import { printedLimit } from '../../domain/fields.ts';
import { BOARD_LIMITS, BOARD_LIMITS_TEXT, PROJECT_FIELD_DESCRIPTIONS as D } from '../../domain/board-manifest.ts';
import { LABEL_FIELD_DESCRIPTIONS as LABEL } from '../../domain/label.ts';
import { SECTION_FIELD_DESCRIPTIONS as SECTION } from '../../domain/section.ts';

/** A starter task as the board-create response shows it. */
const BoardTaskType = builder.objectRef<CreatedBoard['tasks'][number]>('BoardTask').implement({
  description: 'A task created with its board: id, ticket number and title (board-create responses).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Internal task id.' }),
    uniqueIndex: t.exposeInt('uniqueIndex', { description: 'Index of the task within the board (1 for the first task).' }),
    ticketNumber: t.exposeString('ticketNumber', { description: 'Ticket number: board prefix, hyphen, unique index (`WR-1`).' }),
    title: t.exposeString('title', { description: 'Task title.' }),
    sectionId: t.exposeInt('sectionId', { description: 'Section the task was placed in.' }),
  }),
});

const BoardPayload = builder.objectRef<CreatedBoard>('BoardPayload').implement({
  description: 'A board created in one call, with what was created, in manifest order.',
  fields: (t) => ({
    project: t.prismaField({
      type: 'Project',
      description: 'The new board.',
      resolve: (query, b, _args, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: b.project.id } }),
    }),
    team: t.prismaField({
      type: 'Team',
      description: 'The team owning the board.',
      resolve: (query, b, _args, ctx) => ctx.db.team.findUniqueOrThrow({ ...query, where: { id: b.team.id } }),
    }),
    sections: t.prismaField({
      type: ['Section'],
      description: 'Sections, in manifest (board) order.',
      resolve: async (query, b, _args, ctx) => {
        const ids = b.sections.map((s) => s.id);
        return inIdOrder(await ctx.db.section.findMany({ ...query, where: { id: { in: ids } } }), ids);
      },
    }),
    labels: t.prismaField({
      type: ['Label'],
      description: 'Labels, in manifest order.',
      resolve: async (query, b, _args, ctx) => {
        const ids = b.labels.map((l) => l.id);
        return inIdOrder(await ctx.db.label.findMany({ ...query, where: { id: { in: ids } } }), ids);
      },
    }),
    tasks: t.field({
      type: [BoardTaskType],
      description: 'Starter tasks, in manifest order (`uniqueIndex` 1..n).',
      resolve: (b) => b.tasks,
    }),
  }),
});

const BoardSectionInput = builder.inputType('BoardSectionInput', {
  description: 'A section of a board manifest.',
  fields: (t) => ({ title: t.string({ required: true, description: SECTION.title }) }),
});

const BoardLabelInput = builder.inputType('BoardLabelInput', {
  description: 'A label of a board manifest.',
  fields: (t) => ({
    name: t.string({ required: true, description: LABEL.name }),
    color: t.string({ description: D.labelColor }),
  }),
});

const BoardTaskInput = builder.inputType('BoardTaskInput', {
  description: 'A starter task of the tool manifest (`tasksvc_create_board`).',
  fields: (t) => ({
    title: t.string({ required: true, description: `Title, 1 to ${BOARD_LIMITS.taskTitleMax} characters.` }),
    section: t.string({ required: true, description: 'Title of a section of the same manifest (case-insensitive).' }),
    description: t.string({ description: `HTML description, at most ${printedLimit(BOARD_LIMITS.taskDescriptionMax)} characters (sanitised).` }),
    priority: t.string({ description: '`urgent`, `high`, `medium` or `low` (`none` or omitted: no priority).' }),
    labels: t.stringList({ description: 'Names of labels of the same manifest.' }),
    assigneeIds: t.intList({ description: 'User ids to assign; each must be a member of the team (so of the board).' }),
  }),
});

const BoardInput = builder.inputType('BoardInput', {
  description:
    `Tool manifest of a board (as \`tasksvc_create_board\` takes it). Limits as the team manifest: ${BOARD_LIMITS_TEXT}.`,
  fields: (t) => ({
    teamId: t.id({ required: true, description: 'Team: its number (`team_id` of the tool API) or its UUID.' }),
    title: t.string({ required: true, description: D.title }),
    description: t.string({ description: D.description }),
    sections: t.field({ type: [BoardSectionInput], required: true, description: D.sections }),
    labels: t.field({ type: [BoardLabelInput], description: D.labels }),
    tasks: t.field({ type: [BoardTaskInput], description: D.tasks }),
  }),
});

const TeamBoardTaskInput = builder.inputType('TeamBoardTaskInput', {
  description: 'A starter task of the team manifest.',
  fields: (t) => ({
    title: t.string({ required: true, description: `Title, 1 to ${BOARD_LIMITS.taskTitleMax} characters.` }),
    description: t.string({ description: `HTML description, at most ${printedLimit(BOARD_LIMITS.taskDescriptionMax)} characters (sanitised).` }),
    sectionIndex: t.int({ description: 'Zero-based index into `sections`; give this or `sectionTitle`, not both.' }),
    sectionTitle: t.string({ description: 'Title of a section of the manifest; give this or `sectionIndex`, not both.' }),
    labelNames: t.stringList({ description: 'Names of labels defined in the same manifest.' }),
    priority: t.int({ description: '0 no priority, 1 urgent, 2 high, 3 medium, 4 low.' }),
    estimate: t.int({
      description:
        'T-shirt size: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL (stored as `estimateSize`; not the tool API\'s minutes).',
    }),
    dueDate: t.string({ description: 'ISO 8601 date (midnight UTC) or datetime (no zone: UTC).' }),
  }),
});

const TeamBoardInput = builder.inputType('TeamBoardInput', {
  description: 'Team manifest of a board (as `POST /api/v1/teams/{teamId}/boards` takes it).',
  fields: (t) => ({
    title: t.string({ required: true, description: D.title }),
    description: t.string({ description: D.description }),
    sections: t.field({ type: [BoardSectionInput], required: true, description: D.sections }),
    labels: t.field({ type: [BoardLabelInput], description: D.labels }),
    tasks: t.field({ type: [TeamBoardTaskInput], description: D.tasks }),
  }),
});

const boardEffects =
  'Everything is created in one transaction (any error leaves nothing). The creator and every member of the ' +
  'team become board members; the ticket prefix comes from the title (`Website Redesign` → `WR`); tasks get ' +
  'ticket numbers `<prefix>-1..n`; the creator and assignees watch the tasks; each task emits `task.created`.';

builder.mutationFields((t) => ({
  createBoard: t.field({
    type: BoardPayload,
    description: `Creates a board from the tool manifest. ${boardEffects}`,
    args: { input: t.arg({ type: BoardInput, required: true, description: 'The manifest.' }) },
    resolve: (_root, { input }, ctx) => createToolBoard(ctx.db, viewerOf(ctx).userId, input),
  }),
  createTeamBoard: t.field({
    type: BoardPayload,
    description: `Creates a board in a team from the team manifest. ${boardEffects}`,
    args: {
      teamId: t.arg.id({ required: true, description: 'Team UUID (its number is accepted too).' }),
      input: t.arg({ type: TeamBoardInput, required: true, description: 'The manifest.' }),
    },
    resolve: (_root, { teamId, input }, ctx) => createTeamBoard(ctx.db, viewerOf(ctx).userId, String(teamId), input),
  }),
}));

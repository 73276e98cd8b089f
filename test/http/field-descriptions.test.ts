// One description per public field, beside each resource's rules in the
// domain (TASK_FIELD_DESCRIPTIONS, COMMENT_…, LABEL_…, SECTION_…, PROJECT_…,
// WEBHOOK_…): GraphQL's output fields, inputs and arguments, the REST and
// tool bodies and the presenters' answers (so openapi.json and the MCP tools
// made from them) all start from the same text, a transport adding its own
// sentence after it at most; and a text that states a limit prints the
// limit the rule checks. One table per resource drives every check.
import { describe, expect, it } from 'vitest';
import type { GraphQLField, GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { TASK_FIELD_DESCRIPTIONS, TASK_LIMITS } from '../../src/domain/task/fields.ts';
import { COMMENT_FIELD_DESCRIPTIONS, MAX_COMMENT_IMAGES, MAX_COMMENT_LENGTH, MAX_COMMENT_MENTIONS } from '../../src/domain/comment.ts';
import { LABEL_FIELD_DESCRIPTIONS } from '../../src/domain/label.ts';
import { SECTION_FIELD_DESCRIPTIONS } from '../../src/domain/section.ts';
import { BOARD_LIMITS, PROJECT_FIELD_DESCRIPTIONS } from '../../src/domain/board-manifest.ts';
import { WEBHOOK_FIELD_DESCRIPTIONS } from '../../src/domain/webhook-fields.ts';
import { WEBHOOK_DESCRIPTION_MAX } from '../../src/domain/webhook.ts';
import { NAME_LIMITS, printedLimit } from '../../src/domain/fields.ts';
import { schema } from '../../src/graphql/schema.ts';
import { allRoutes } from '../../src/http/app.ts';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { SERVICE_VERSION } from '../../src/version.ts';

type Json = Record<string, any>;
/** Transport name → the name of its descriptions object; `path` leads into a nested object (`mentions`, `sections`). */
type Names = Record<string, string>;

interface Resource {
  descriptions: Record<string, string>;
  /** GraphQL object and input types, or a field's arguments (`Mutation.addComment`). */
  graphql: { type: string; args?: string; fields: Names }[];
  /** REST and tool request bodies, by operationId. */
  bodies: { operationIds: string[]; path?: string[]; fields: Names }[];
  /** The presenters' objects in the 2xx answers, by operationId and the path to the object. */
  answers: { operationIds: string[]; path: string[]; fields: Names }[];
  /** Texts that state a limit: [name, what they must contain]. */
  limits: [string, string][];
}

const same = (...names: string[]): Names => Object.fromEntries(names.map((n) => [n, n]));

const RESOURCES: Record<string, Resource> = {
  task: {
    descriptions: TASK_FIELD_DESCRIPTIONS,
    graphql: ['Task', 'CreateTaskInput', 'UpdateTaskInput'].map((type) => ({
      type,
      fields: same('title', 'description', 'priority', 'estimateMinutes', 'estimateSize', 'images', 'attachments', 'dueDate', 'status'),
    })),
    bodies: [
      {
        operationIds: ['tasksvc_create_task', 'tasksvc_update_task', 'createTask', 'updateTask'],
        // The routes' `estimate` is `estimateMinutes`.
        fields: { ...same('title', 'description', 'priority', 'images', 'attachments', 'status'), estimate: 'estimateMinutes', due_date: 'dueDate' },
      },
    ],
    answers: [
      { operationIds: ['tasksvc_list_tasks'], path: ['tasks'], fields: same('title', 'description', 'priority') },
      {
        operationIds: ['listTasks'],
        path: ['tasks'],
        fields: { ...same('title', 'status', 'images', 'attachments'), estimate: 'estimateMinutes', estimate_size: 'estimateSize', due_date: 'dueDate' },
      },
    ],
    limits: [
      ['title', `1 to ${TASK_LIMITS.titleMax} characters`],
      ['description', '100,000 characters'],
      ['estimateMinutes', '0 to 525,600'],
      ['images', `at most ${TASK_LIMITS.urlsMax}`],
      ['attachments', '2,048 characters each'],
    ],
  },
  comment: {
    descriptions: COMMENT_FIELD_DESCRIPTIONS,
    graphql: [
      { type: 'Comment', fields: same('text', 'images', 'mentions', 'author', 'createdAt', 'edited', 'editedAt') },
      { type: 'CommentMention', fields: { userId: 'mentionUserId', displayName: 'mentionDisplayName' } },
      { type: 'MentionInput', fields: { userId: 'mentionUserId', displayName: 'mentionDisplayName' } },
      { type: 'Mutation', args: 'addComment', fields: same('text', 'contentType', 'images', 'mentions') },
      { type: 'Mutation', args: 'editComment', fields: same('text', 'contentType') },
    ],
    bodies: [
      { operationIds: ['tasksvc_add_comment_to_task', 'addComment'], fields: { ...same('text', 'images', 'mentions'), content_type: 'contentType' } },
      { operationIds: ['tasksvc_add_comment_to_task', 'addComment'], path: ['mentions'], fields: { user_id: 'mentionUserId', display_name: 'mentionDisplayName' } },
      { operationIds: ['editComment'], fields: { text: 'text', content_type: 'contentType' } },
    ],
    answers: [
      { operationIds: ['tasksvc_get_comments_for_task'], path: ['comments'], fields: same('text', 'author', 'createdAt') },
      { operationIds: ['listComments'], path: ['comments'], fields: same('text', 'author', 'createdAt', 'images', 'mentions', 'edited', 'editedAt') },
      { operationIds: ['addComment', 'editComment'], path: ['comment', 'mentions'], fields: { user_id: 'mentionUserId', display_name: 'mentionDisplayName' } },
    ],
    limits: [
      ['text', `1 to ${printedLimit(MAX_COMMENT_LENGTH)} characters`],
      ['images', `at most ${MAX_COMMENT_IMAGES}`],
      ['images', '2,000 characters each'],
      ['mentions', `at most ${MAX_COMMENT_MENTIONS}`],
      ['mentionDisplayName', `at most ${NAME_LIMITS.displayNameMax} characters`],
    ],
  },
  label: {
    descriptions: LABEL_FIELD_DESCRIPTIONS,
    graphql: ['Label', 'CreateLabelInput', 'UpdateLabelInput'].map((type) => ({ type, fields: same('name', 'color') })),
    bodies: [{ operationIds: ['createLabel', 'updateLabel'], fields: same('name', 'color') }],
    answers: [{ operationIds: ['listLabels'], path: ['labels'], fields: same('name') }],
    limits: [['name', `1 to ${NAME_LIMITS.labelNameMax} characters`]],
  },
  section: {
    descriptions: SECTION_FIELD_DESCRIPTIONS,
    graphql: [
      { type: 'Section', fields: same('title', 'visible', 'ranking', 'deleted', 'taskCount') },
      { type: 'CreateSectionInput', fields: same('title', 'afterSectionId') },
      { type: 'UpdateSectionInput', fields: same('title', 'moveAfterSectionId', 'visible') },
      { type: 'BoardSectionInput', fields: same('title') },
    ],
    bodies: [
      { operationIds: ['createSection', 'tasksvc_section_create'], fields: { title: 'title', after_section_id: 'afterSectionId' } },
      { operationIds: ['updateSection'], fields: { title: 'title', move_after_section_id: 'moveAfterSectionId', visible: 'visible' } },
      { operationIds: ['tasksvc_create_board', 'createTeamBoard'], path: ['sections'], fields: same('title') },
    ],
    answers: [
      { operationIds: ['tasksvc_section_list'], path: ['sections'], fields: same('title') },
      { operationIds: ['listSections'], path: ['sections'], fields: { section_title: 'title', visibility: 'visible', ...same('deleted', 'ranking', 'taskCount') } },
    ],
    limits: [['title', `1 to ${NAME_LIMITS.sectionTitleMax} characters`]],
  },
  project: {
    descriptions: PROJECT_FIELD_DESCRIPTIONS,
    graphql: [
      { type: 'Project', fields: same('title', 'description', 'status', 'ticketPrefix', 'memberCount', 'taskCount') },
      { type: 'BoardInput', fields: same('title', 'description', 'sections', 'labels', 'tasks') },
      { type: 'TeamBoardInput', fields: same('title', 'description', 'sections', 'labels', 'tasks') },
      { type: 'BoardLabelInput', fields: { color: 'labelColor' } },
      { type: 'Mutation', args: 'updateProjectStatus', fields: same('status') },
    ],
    bodies: [
      { operationIds: ['tasksvc_create_board', 'createTeamBoard'], fields: same('title', 'description', 'sections', 'labels', 'tasks') },
      { operationIds: ['createTeamBoard'], path: ['labels'], fields: { color: 'labelColor' } },
      { operationIds: ['updateProjectStatus'], fields: same('status') },
    ],
    answers: [
      { operationIds: ['tasksvc_list_projects'], path: ['projects'], fields: same('title', 'status') },
      { operationIds: ['getProject', 'updateProjectStatus'], path: ['project'], fields: same('title', 'description', 'status', 'memberCount', 'taskCount') },
    ],
    limits: [
      ['title', `1 to ${BOARD_LIMITS.titleMax} characters`],
      ['description', `at most ${printedLimit(BOARD_LIMITS.descriptionMax)} characters`],
      ['sections', `${BOARD_LIMITS.sectionsMin} to ${BOARD_LIMITS.sectionsMax}`],
      ['labels', `Up to ${BOARD_LIMITS.labelsMax} labels`],
      ['tasks', `Up to ${BOARD_LIMITS.tasksMax} starter tasks`],
    ],
  },
  webhook: {
    descriptions: WEBHOOK_FIELD_DESCRIPTIONS,
    graphql: [
      {
        type: 'WebhookSubscription',
        fields: same(
          'url', 'projectId', 'team', 'metadata', 'description', 'active', 'disabledReason', 'disabledCause', 'disabledAt',
          'createdBy', 'failingSince', 'timeoutStreak', 'circuitOpenSince',
        ),
      },
      { type: 'CreateWebhookSubscriptionInput', fields: { ...same('url', 'projectId', 'metadata', 'description'), teamId: 'team' } },
      { type: 'UpdateWebhookSubscriptionInput', fields: same('url', 'metadata', 'description', 'active') },
    ],
    bodies: [
      { operationIds: ['createWebhookSubscription'], fields: { ...same('url', 'metadata', 'description'), project_id: 'projectId', team_id: 'team' } },
      { operationIds: ['updateWebhookSubscription'], fields: same('url', 'metadata', 'description', 'active') },
    ],
    answers: [
      {
        operationIds: ['getWebhookSubscription', 'createWebhookSubscription', 'updateWebhookSubscription'],
        path: ['subscription'],
        fields: {
          ...same('url', 'metadata', 'description', 'active'),
          project_id: 'projectId',
          team_id: 'team',
          disabled_reason: 'disabledReason',
          disabled_cause: 'disabledCause',
          disabled_at: 'disabledAt',
          created_by: 'createdBy',
          failing_since: 'failingSince',
          timeout_streak: 'timeoutStreak',
          circuit_open_since: 'circuitOpenSince',
        },
      },
    ],
    limits: [
      ['url', `at most ${printedLimit(NAME_LIMITS.urlMax)} characters`],
      ['description', `up to ${WEBHOOK_DESCRIPTION_MAX} characters`],
    ],
  },
};

const doc = buildOpenApi(allRoutes(), SERVICE_VERSION) as Json;

function operation(operationId: string): Json {
  for (const ops of Object.values(doc.paths as Json)) {
    for (const op of Object.values(ops as Json)) if (op.operationId === operationId) return op;
  }
  throw new Error(`no operation ${operationId}`);
}

/** The properties of the object at `path` in a schema: lists are entered, and the object of a nullable. */
function propertiesAt(schema: Json, path: string[]): Json {
  let at = schema;
  for (const key of ['', ...path]) {
    if (key) at = at.properties[key];
    for (;;) {
      if (at.anyOf) at = (at.anyOf as Json[]).find((s) => s.type !== 'null')!;
      else if (at.type === 'array') at = at.items;
      else break;
    }
  }
  return at.properties;
}

const bodyOf = (operationId: string, path: string[] = []) =>
  propertiesAt(operation(operationId).requestBody.content['application/json'].schema, path);

function answerOf(operationId: string, path: string[]) {
  const responses = operation(operationId).responses as Json;
  const ok = Object.keys(responses).find((code) => code.startsWith('2'))!;
  return propertiesAt(responses[ok].content['application/json'].schema, path);
}

function graphqlFields(type: string, args?: string): Record<string, { description?: string | null }> {
  const fields = (schema.getType(type) as GraphQLObjectType | GraphQLInputObjectType).getFields();
  if (!args) return fields as Record<string, { description?: string | null }>;
  return Object.fromEntries((fields[args] as GraphQLField<unknown, unknown>).args.map((a) => [a.name, a]));
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe.each(Object.entries(RESOURCES))('%s field descriptions', (_name, r) => {
  it('print the limits the rules check', () => {
    for (const [name, limit] of r.limits) expect(r.descriptions[name], name).toContain(limit);
  });

  it('GraphQL fields, inputs and arguments read the shared text', () => {
    for (const { type, args, fields } of r.graphql) {
      const actual = graphqlFields(type, args);
      for (const [field, name] of Object.entries(fields)) {
        expect(actual[field]?.description, `${type}${args ? `.${args}` : ''}.${field}`).toMatch(startsWith(r.descriptions[name]));
      }
    }
  });

  it('REST and tool bodies read the shared text', () => {
    for (const { operationIds, path, fields } of r.bodies) {
      for (const operationId of operationIds) {
        const body = bodyOf(operationId, path);
        for (const [field, name] of Object.entries(fields)) {
          expect(body[field]?.description, `${operationId} ${[...(path ?? []), field].join('.')}`).toMatch(startsWith(r.descriptions[name]));
        }
      }
    }
  });

  it('the presenters\' answers read the shared text', () => {
    for (const { operationIds, path, fields } of r.answers) {
      for (const operationId of operationIds) {
        const answer = answerOf(operationId, path);
        for (const [field, name] of Object.entries(fields)) {
          expect(answer[field]?.description, `${operationId} → ${[...path, field].join('.')}`).toMatch(startsWith(r.descriptions[name]));
        }
      }
    }
  });
});

describe('task bodies', () => {
  it('document the rules\' bounds (the domain checks them)', () => {
    const arrayOf = (field: Json) => (field.anyOf as Json[]).find((s) => s.type === 'array')!;
    for (const operationId of ['tasksvc_create_task', 'tasksvc_update_task', 'createTask', 'updateTask']) {
      const body = bodyOf(operationId);
      expect(body.title, operationId).toMatchObject({ minLength: 1, maxLength: TASK_LIMITS.titleMax });
      expect((body.description.anyOf as Json[]).find((s) => s.type === 'string'), operationId).toMatchObject({ maxLength: TASK_LIMITS.descriptionMax });
      expect((body.estimate.anyOf as Json[]).find((s) => s.type === 'integer'), operationId).toMatchObject({ minimum: 0, maximum: TASK_LIMITS.estimateMinutesMax });
      for (const list of ['images', 'attachments']) {
        expect(arrayOf(body[list]), `${operationId} ${list}`).toMatchObject({ maxItems: TASK_LIMITS.urlsMax, items: { maxLength: TASK_LIMITS.urlLength } });
      }
    }
  });
});

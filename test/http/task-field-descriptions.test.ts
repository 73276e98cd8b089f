// One description per public task field (TASK_FIELD_DESCRIPTIONS, beside the
// rules in src/domain/task/fields.ts): GraphQL's output and input fields and
// the REST and tool write bodies (so openapi.json and the MCP tools made from
// them) all start from the same text, and a text that states a limit prints
// the limit the rule checks.
import { describe, expect, it } from 'vitest';
import { GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { TASK_FIELD_DESCRIPTIONS as D, TASK_LIMITS } from '../../src/domain/task/fields.ts';
import { schema } from '../../src/graphql/schema.ts';
import { allRoutes } from '../../src/http/app.ts';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { SERVICE_VERSION } from '../../src/version.ts';

type Json = Record<string, any>;

/** The body properties of an operation of the OpenAPI document, by operationId. */
function bodyOf(doc: Json, operationId: string): Json {
  for (const ops of Object.values(doc.paths as Json)) {
    for (const op of Object.values(ops as Json)) {
      if (op.operationId === operationId) return op.requestBody.content['application/json'].schema.properties;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

const graphqlFields = (type: string) =>
  (schema.getType(type) as GraphQLObjectType | GraphQLInputObjectType).getFields() as Record<string, { description?: string | null }>;

describe('task field descriptions', () => {
  it('print the limits the rules check', () => {
    expect(D.title).toContain(`1 to ${TASK_LIMITS.titleMax} characters`);
    expect(D.description).toContain('100,000 characters');
    expect(D.estimateMinutes).toContain('0 to 525,600');
    expect(D.images).toContain(`at most ${TASK_LIMITS.urlsMax}`);
    expect(D.attachments).toContain('2,048 characters each');
  });

  it('GraphQL fields and inputs, REST and tool bodies read the same text', () => {
    const doc = buildOpenApi(allRoutes(), SERVICE_VERSION) as Json;
    // Body name → domain name: the routes' `estimate` is `estimateMinutes`.
    const bodyFields: [string, keyof typeof D][] = [
      ['title', 'title'],
      ['description', 'description'],
      ['priority', 'priority'],
      ['estimate', 'estimateMinutes'],
      ['images', 'images'],
      ['attachments', 'attachments'],
      ['due_date', 'dueDate'],
      ['status', 'status'],
    ];
    for (const operationId of ['tasksvc_create_task', 'tasksvc_update_task', 'createTask', 'updateTask']) {
      const body = bodyOf(doc, operationId);
      for (const [name, domain] of bodyFields) expect(body[name]?.description, `${operationId} ${name}`).toMatch(new RegExp(`^${escape(D[domain])}`));
    }
    const graphqlNames: (keyof typeof D)[] = ['title', 'description', 'priority', 'estimateMinutes', 'estimateSize', 'images', 'attachments', 'dueDate', 'status'];
    for (const type of ['Task', 'CreateTaskInput', 'UpdateTaskInput']) {
      const fields = graphqlFields(type);
      for (const name of graphqlNames) expect(fields[name]?.description, `${type}.${name}`).toMatch(new RegExp(`^${escape(D[name])}`));
    }
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

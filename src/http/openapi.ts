import { z } from 'zod';
import type { CompiledRoute } from './facade.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/projects/:projectId{[0-9]+}/sections` → `/projects/{projectId}/sections`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  const js = jsonSchemaOf(schema);
  if (!js || typeof js.properties !== 'object') return [];
  const required = new Set((js.required as string[] | undefined) ?? []);
  return Object.entries(js.properties as Record<string, JsonSchema>).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' ? true : required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

const ERROR_BODY: JsonSchema = {
  type: 'object',
  description: 'Spec 7.1 error body.',
  required: ['success', 'error', 'message', 'details'],
  properties: {
    success: { const: false },
    error: { type: 'string', description: 'Stable code: VALIDATION, UNAUTHENTICATED, NOT_FOUND, CONFLICT, …' },
    message: { type: 'string' },
    details: {
      type: 'object',
      required: ['field', 'code'],
      properties: { field: { type: ['string', 'null'] }, code: { type: 'string' } },
    },
  },
};

/**
 * The OpenAPI 3.1 document of the REST and tool routes, generated from the
 * route tables and their zod schemas (never written by hand).
 */
export function buildOpenApi(routes: CompiledRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { def, fullPath } of routes) {
    const path = openApiPath(fullPath);
    const body = jsonSchemaOf(def.body);
    const status = String(def.status ?? 200);
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = {
      operationId: def.operationId,
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      tags: [def.tag],
      parameters: [...parametersOf(def.params, 'path'), ...parametersOf(def.query, 'query')],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: {
        [status]: {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchemaOf(def.response) ?? { type: 'object' } } },
        },
        '400': { $ref: '#/components/responses/Error' },
        '401': { $ref: '#/components/responses/Error' },
        '404': { $ref: '#/components/responses/Error' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'tasksvc API',
      version,
      description:
        'REST API (`/api/v1`, versioned by path, for integrations and scripts) and tool routes (`/api/mcp`, ' +
        'unversioned, used by the CLI and the MCP server). Every route takes `Authorization: Bearer <API key>`. ' +
        'Errors use one body: `{success:false, error, message, details:{field, code}}`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (tsk_…).' } },
      schemas: { Error: ERROR_BODY },
      responses: {
        Error: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
    paths,
  };
}

// OpenAPI 3.1 document generated from the route table and the shared zod schemas (zod 4 JSON Schema).
import * as z from '../../../shared/zod';
import { routes } from '../../routes';

const errorBody = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' }, fieldErrors: { type: 'object' }, requestId: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
};

function jsonSchemaOf(schema: z.ZodMiniType) {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters = [
      ...Object.entries(route.params.shape).map(([name, schema]) => ({ name, in: 'path', required: true, schema: jsonSchemaOf(schema as z.ZodMiniType) })),
      ...Object.entries(route.query?.shape ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: !(schema as z.ZodMiniType).safeParse(undefined).success,
        schema: jsonSchemaOf(schema as z.ZodMiniType),
      })),
    ];
    const ok = route.response
      ? { description: 'OK', content: { 'application/json': { schema: z.toJSONSchema(route.response, { io: 'output', unrepresentable: 'any' }) } } }
      : { description: 'OK', content: { [route.produces ?? 'application/json']: {} } };
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.area],
      security: route.auth === 'public' ? [] : [{ cognito: [] }],
      'x-cardcrew-auth': route.auth,
      'x-cardcrew-throttle': route.throttle,
      parameters,
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) } } } }
        : {}),
      responses: {
        [route.creates ? '201' : route.accepts ? '202' : '200']: ok,
        '4XX': { description: 'Client error', content: { 'application/json': { schema: errorBody } } },
        '5XX': { description: 'Server error (generic message and a request id)', content: { 'application/json': { schema: errorBody } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CardCrew API', version: '1.0.0' },
    components: { securitySchemes: { cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (Cognito ID token)' } } },
    paths,
  };
}

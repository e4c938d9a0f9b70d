// The API's own description: the `docs` area's route (functions/routes.ts combines every area's).
import { defineRoutes } from './define';

export const docsRoutes = defineRoutes('docs', {
  getOpenApi: { method: 'GET', path: '/api/openapi.json', auth: 'public', throttle: 'public', summary: 'This API as OpenAPI 3.1', produces: 'application/json' },
});

// Who am I: the `me` area's routes (functions/routes.ts combines every area's).
import { meSchema, pendingAccountTypeSchema } from '../../shared/schemas/me';
import { defineRoutes } from './define';

export const meRoutes = defineRoutes('me', {
  getMe: { method: 'POST', path: '/api/me', auth: 'user', throttle: 'standard', summary: 'Resolves the caller’s account type and role (spec 1 §4)', body: pendingAccountTypeSchema, response: meSchema },
});

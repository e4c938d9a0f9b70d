// Who am I: the `me` area's routes (functions/routes.ts combines every area's).
import { siteBrandSchema } from '../../shared/schemas/custom-domain';
import { meSchema, pendingAccountTypeSchema } from '../../shared/schemas/me';
import { defineRoutes } from './define';

export const meRoutes = defineRoutes('me', {
  getSiteBrand: { method: 'GET', path: '/api/site-brand', auth: 'public', throttle: 'public', summary: 'On an agency’s custom domain, the agency’s brand for its signed-out pages (404 on the platform’s address)', response: siteBrandSchema },
  getMe: { method: 'POST', path: '/api/me', auth: 'user', throttle: 'standard', summary: 'Resolves the caller’s account type and role (spec 1 §4)', body: pendingAccountTypeSchema, response: meSchema },
});

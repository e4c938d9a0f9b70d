// Who am I: the `me` area's routes (functions/routes.ts combines every area's).
import { signInRelayQuerySchema, siteBrandSchema } from '../../shared/schemas/custom-domain';
import { meSchema, pendingAccountTypeSchema } from '../../shared/schemas/me';
import { defineRoutes } from './define';

export const meRoutes = defineRoutes('me', {
  getSiteBrand: { method: 'GET', path: '/api/site-brand', auth: 'public', throttle: 'public', summary: 'On an agency’s custom domain, the agency’s brand for its signed-out pages (404 on the platform’s address)', response: siteBrandSchema },
  relaySignIn: {
    method: 'GET',
    path: '/api/sign-in/relay',
    auth: 'public',
    throttle: 'public',
    summary: "The app client's callback for Google and SSO sign-in started on an agency's custom domain: a 302 to that domain's /auth/callback with Cognito's query (400 when the state names no active domain)",
    query: signInRelayQuerySchema,
    produces: 'text/plain',
  },
  getMe: { method: 'POST', path: '/api/me', auth: 'user', throttle: 'standard', summary: 'Resolves the caller’s account type and role (spec 1 §4)', body: pendingAccountTypeSchema, response: meSchema },
});

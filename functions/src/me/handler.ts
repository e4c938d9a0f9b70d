// The `me` area Lambda: who am I.
import { httpHandler } from '../lib/http-handler';
import { meRoutes } from '../../routes/me';
import { linkSsoAccount } from '../sso/link-sso-account';
import { resolveMe } from './resolve-me';

export const handler = httpHandler(meRoutes, {
  // A first single sign-on is linked to its employee here, where the Cognito user exists (issue 24).
  getMe: async ({ caller, body }) => resolveMe(await linkSsoAccount(caller), body),
});

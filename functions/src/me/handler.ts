// The `me` area Lambda: who am I.
import { claimsOf } from '../identity/claims';
import { httpHandler } from '../http/http-handler';
import { meRoutes } from '../../routes/me';
import { linkSsoAccount } from '../sso/link-sso-account';
import { resolveMe } from './resolve-me';
import { siteBrandOf } from './site-brand';
import { customDomainOf } from '../lib/custom-domain-header';

export const handler = httpHandler(meRoutes, {
  getSiteBrand: async ({ event }) => siteBrandOf(customDomainOf(event.headers)),
  // A first single sign-on is linked to its employee (or to a new draft one) here, where the Cognito user exists (issue 24).
  getMe: async ({ caller, body, event }) => resolveMe(await linkSsoAccount(caller, claimsOf(event)), body),
});

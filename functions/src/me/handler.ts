// The `me` area Lambda: who am I.
import { claimsOf } from '../identity/claims';
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { meRoutes } from '../../routes/me';
import { linkSsoAccount } from '../sso/link-sso-account';
import { resolveMe } from './resolve-me';
import { siteBrandOf } from './site-brand';
import { customDomainOf } from '../lib/custom-domain-header';
import { relayTarget } from '../sign-in-relay/relay';

export const handler = httpHandler(meRoutes, {
  getSiteBrand: async ({ event }) => siteBrandOf(customDomainOf(event.headers)),
  // Never cached: each carries a single-use code.
  relaySignIn: async ({ query, event }) => raw({ status: 302, headers: { location: await relayTarget(query, customDomainOf(event.headers)), 'cache-control': 'no-store' }, body: '' }),
  // A first single sign-on is linked to its employee (or to a new draft one) here, where the Cognito user exists (issue 24).
  getMe: async ({ caller, body, event }) => resolveMe(await linkSsoAccount(caller, claimsOf(event)), body),
});

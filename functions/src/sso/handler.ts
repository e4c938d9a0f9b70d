// The `sso` area Lambda (issue 24): Company Settings → Single sign-on and the public SSO discovery. The only function
// holding the Cognito identity-provider and app-client actions.
import { ssoRoutes } from '../../routes/sso';
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { checkSsoDomain, claimSsoDomain, connectSsoProvider, disconnectSsoProvider, discoverSso, getSso, listDomainClaims, recordTestSignIn, releaseDomainClaim, removeSsoDomain, updateSsoSettings } from './manage-sso';

const noContent = () => raw({ status: 204, headers: { 'cache-control': 'no-store' }, body: '' });

export const handler = httpHandler(ssoRoutes, {
  getSso: async ({ caller, params }) => getSso(caller, params.businessId),
  claimSsoDomain: async ({ caller, params, body }) => claimSsoDomain(caller, params.businessId, body.domain),
  checkSsoDomain: async ({ caller, params }) => checkSsoDomain(caller, params.businessId, params.domainId),
  removeSsoDomain: async ({ caller, params }) => {
    await removeSsoDomain(caller, params.businessId, params.domainId);
    return noContent();
  },
  connectSsoProvider: async ({ caller, params, body }) => connectSsoProvider(caller, params.businessId, body),
  disconnectSsoProvider: async ({ caller, params }) => {
    await disconnectSsoProvider(caller, params.businessId);
    return noContent();
  },
  recordSsoTestSignIn: async ({ caller, params, body }) => recordTestSignIn(caller, params.businessId, body.accessToken),
  updateSsoSettings: async ({ caller, params, body }) => updateSsoSettings(caller, params.businessId, body),
  listSsoDomainClaims: async ({ caller, query }) => listDomainClaims(caller, query),
  releaseSsoDomainClaim: async ({ caller, params }) => {
    await releaseDomainClaim(caller, params.businessId, params.domain);
    return noContent();
  },
  discoverSso: async ({ body }) => discoverSso(body.email),
});

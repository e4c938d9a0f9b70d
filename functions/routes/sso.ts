// Single sign-on (issue 24): the `sso` area's routes. Company Settings → Single sign-on (the owner, the managing agency
// or an admin): domains and their DNS check, the identity provider, the switches; and the public discovery of
// 'Sign in with SSO' (a work e-mail → the domain the hosted UI is opened with).
import { claimSsoDomainSchema, ssoDiscoveredSchema, ssoDiscoverySchema, ssoDomainSchema, ssoProviderInputSchema, ssoSchema, ssoSettingsSchema } from '../../shared/schemas/sso';
import { defineRoutes } from './define';

export const ssoRoutes = defineRoutes('sso', {
  getSso: {
    method: 'GET',
    path: '/api/businesses/{businessId}/sso',
    auth: 'user',
    throttle: 'standard',
    summary: "Single sign-on: the business's domains (with their TXT records), identity provider (never its secret), switches and what the IdP needs from us",
    response: ssoSchema,
    scoped: true,
  },
  claimSsoDomain: {
    method: 'POST',
    path: '/api/businesses/{businessId}/sso/domains',
    auth: 'user',
    throttle: 'strict',
    summary: 'Claim an e-mail domain for single sign-on (409 when another business holds it; public mail domains are refused)',
    body: claimSsoDomainSchema,
    response: ssoDomainSchema,
    creates: true,
    scoped: true,
  },
  checkSsoDomain: {
    method: 'POST',
    path: '/api/businesses/{businessId}/sso/domains/{domainId}/check',
    auth: 'user',
    throttle: 'strict',
    summary: "Look the domain's TXT record up and mark it verified (422 while the record is missing)",
    response: ssoDomainSchema,
    scoped: true,
  },
  removeSsoDomain: {
    method: 'DELETE',
    path: '/api/businesses/{businessId}/sso/domains/{domainId}',
    auth: 'user',
    throttle: 'standard',
    summary: 'Remove a claimed domain (its people can no longer find the provider by it)',
    scoped: true,
  },
  connectSsoProvider: {
    method: 'PUT',
    path: '/api/businesses/{businessId}/sso/provider',
    auth: 'user',
    throttle: 'strict',
    summary: "Connect or replace the business's identity provider: SAML 2.0 (metadata URL or XML) or OIDC (issuer, client id and secret)",
    body: ssoProviderInputSchema,
    response: ssoSchema,
    scoped: true,
  },
  disconnectSsoProvider: {
    method: 'DELETE',
    path: '/api/businesses/{businessId}/sso/provider',
    auth: 'user',
    throttle: 'standard',
    summary: 'Disconnect the identity provider (removed from the app client and from Cognito)',
    scoped: true,
  },
  updateSsoSettings: {
    method: 'PUT',
    path: '/api/businesses/{businessId}/sso/settings',
    auth: 'user',
    throttle: 'standard',
    summary: "Single sign-on switches: create employees on first sign-in; require SSO (the owner keeps a password sign-in)",
    body: ssoSettingsSchema,
    response: ssoSchema,
    scoped: true,
  },
  discoverSso: {
    method: 'POST',
    path: '/api/sso/discover',
    auth: 'public',
    throttle: 'public',
    summary: "Sign in with SSO: a work e-mail → the verified domain whose business has a provider (404 otherwise)",
    body: ssoDiscoverySchema,
    response: ssoDiscoveredSchema,
  },
});

// The single sign-on stand-ins of the test runtime (issue 24), for system tests: the test users, the local OIDC
// client, a TXT record on the DNS stand-in, and the knobs that make the next SAML response or id_token bad (each one
// a refusal the product must show as 'SSO sign-in failed').
import { LOCAL_OIDC_CLIENT, type IdTokenKnobs } from '../../functions/local/oidc-idp';
import type { SamlResponseKnobs } from '../../functions/local/saml-idp';
import { SSO_TEST_PASSWORD, SSO_TEST_USERS } from '../../functions/local/sso-test-users';
import { api, runtime, type TestUser } from './runtime';

export { LOCAL_OIDC_CLIENT, SSO_TEST_PASSWORD, SSO_TEST_USERS };

const { env, settings } = runtime;
export const localOidcIssuer = env.LOCAL_OIDC_ISSUER!;
export const localSamlMetadataUrl = env.LOCAL_SAML_METADATA_URL!;

/** Publishes a TXT record on the DNS stand-in (what a person does at their DNS host). */
export async function addTxtRecord(name: string, value: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${settings.dnsPort}/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, value }) });
  if (!res.ok) throw new Error(`DNS stand-in refused ${name}: ${await res.text()}`);
}

/** Removes a TXT record (all values of the name when value is left out). */
export async function removeTxtRecord(name: string, value?: string): Promise<void> {
  await fetch(`http://127.0.0.1:${settings.dnsPort}/records/delete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, value }) });
}

/** Makes the local SAML IdP's next response bad in one way (unsigned, wrong key, audience, recipient, times…). */
export async function nextSamlResponse(knobs: SamlResponseKnobs): Promise<void> {
  await fetch(`http://127.0.0.1:${settings.samlIdpPort}/test/next-response`, { method: 'POST', body: JSON.stringify(knobs) });
}

/** Makes the local OIDC provider's next id_token bad in one way (issuer, audience, nonce, expiry, key). */
export async function nextIdToken(knobs: IdTokenKnobs): Promise<void> {
  await fetch(`http://127.0.0.1:${settings.oidcIdpPort}/test/next-id-token`, { method: 'POST', body: JSON.stringify(knobs) });
}

/**
 * Claims `domain` for the business, publishes its TXT record on the DNS stand-in and presses Check: the claim, Check's
 * answer and the record (for the caller to remove when done).
 */
export async function claimAndProveDomain(user: TestUser, businessId: string, domain: string) {
  const claimed = await api('POST', `/api/businesses/${businessId}/sso/domains`, { user, body: { domain } });
  if (claimed.status !== 201) throw new Error(`claiming ${domain} failed: ${claimed.text}`);
  const claim = claimed.body as { id: string; txtRecord: { name: string; value: string } };
  await addTxtRecord(claim.txtRecord.name, claim.txtRecord.value);
  return { claim, txtRecord: claim.txtRecord, check: await api('POST', `/api/businesses/${businessId}/sso/domains/${claim.id}/check`, { user }) };
}

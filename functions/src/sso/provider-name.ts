// The Cognito name of a business's identity provider (issue 24). Cognito refuses `_` (it separates provider and
// subject in a federated user name, `<ProviderName>_<subject>`) and allows at most 32 characters; business ids are
// 22 base64url characters, which may hold `_` and `-`. So the name is `sso-` + the id with `_` as `.` (not in the
// base64url alphabet, so the mapping is one to one and reversible: the sign-in triggers read the business from it).
const PREFIX = 'sso-';
const ID = /^[A-Za-z0-9_-]{1,28}$/;

export function providerNameOf(businessId: string): string {
  if (!ID.test(businessId)) throw new Error('A business id must be 1–28 base64url characters to name its identity provider');
  return PREFIX + businessId.replaceAll('_', '.');
}

/** The business whose provider this is, or null for another provider's name (Google, Cognito…). */
export function businessIdOfProviderName(providerName: string): string | null {
  if (!providerName.startsWith(PREFIX)) return null;
  const id = providerName.slice(PREFIX.length).replaceAll('.', '_');
  return ID.test(id) ? id : null;
}

/** A federated user name `<ProviderName>_<subject>` of a business's SSO provider → the business and subject. */
export function parseSsoUserName(userName: string): { providerName: string; businessId: string; subject: string } | null {
  const cut = userName.indexOf('_');
  if (cut < 0) return null;
  // Cognito keeps the provider name's case in the user name, but match it case-insensitively as Google's is.
  const providerName = userName.slice(0, cut);
  const businessId = businessIdOfProviderName(providerName.replace(/^SSO-/i, PREFIX));
  return businessId ? { providerName, businessId, subject: userName.slice(cut + 1) } : null;
}

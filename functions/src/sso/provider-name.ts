// The Cognito name of a business's identity provider (issue 24). Cognito refuses `_` (it separates provider and
// subject in a federated user name, `<ProviderName>_<subject>`) and allows at most 32 characters; business ids are
// 22 base64url characters, which may hold `_` and `-`. So the name is `sso-` + the id with `_` as `.` (not in the
// base64url alphabet, so the mapping is one to one and reversible: the sign-in triggers read the business from it).
// During a move to another identity provider a business has two (sso/manage-sso.ts): the second is named with the
// suffix `~2` (`~` is in neither alphabet either), so each provider's users keep their own federated user names.
const PREFIX = 'sso-';
const SECOND = '~2';
const ID = /^[A-Za-z0-9_-]{1,28}$/;
const MAX_NAME = 32;

/** The two names a business's providers take: slot 1 is the first provider's, slot 2 the one beside it. */
export type ProviderSlot = 1 | 2;

export function providerNameOf(businessId: string, slot: ProviderSlot = 1): string {
  if (!ID.test(businessId)) throw new Error('A business id must be 1–28 base64url characters to name its identity provider');
  const name = PREFIX + businessId.replaceAll('_', '.') + (slot === 2 ? SECOND : '');
  if (name.length > MAX_NAME) throw new Error('This business id is too long to name a second identity provider');
  return name;
}

/** The business whose provider this is, or null for another provider's name (Google, Cognito…). */
export function businessIdOfProviderName(providerName: string): string | null {
  if (!providerName.startsWith(PREFIX)) return null;
  const id = providerName.slice(PREFIX.length).replace(/~2$/, '').replaceAll('.', '_');
  return ID.test(id) ? id : null;
}

/** Which of the business's two names this is. */
export function slotOfProviderName(providerName: string): ProviderSlot {
  return providerName.endsWith(SECOND) ? 2 : 1;
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

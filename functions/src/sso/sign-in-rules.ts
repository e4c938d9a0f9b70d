// Who may sign in how once a business uses single sign-on (issue 24), read by the user pool's triggers:
// - the first sign-in through a business's provider (pre-sign-up, `PreSignUp_ExternalProvider`, user name
//   `<ProviderName>_<subject>`): the e-mail must be in one of that business's verified domains, and belong to one of its
//   employees unless the owner allowed creating employees on first sign-in; otherwise it is refused and nothing is made;
// - 'Require SSO': a password sign-in (pre-authentication) or a Google sign-in (pre-token-generation; Cognito runs no
//   pre-authentication for federated sign-ins) of an employee of such a business is refused, never its owner's.
// The refusal's message reaches the person (the hosted UI's error_description, or the sign-in form's error).
import { ssoMessages } from '../../../shared/messages/sso';
import { db } from '../data/entities';
import { loadUserRecords } from '../identity/repository';
import { parseSsoUserName } from './provider-name';
import { getSsoConnection, getSsoDomain } from './repository';

/** What the rules read; the table by default, a fake in unit tests. */
export interface SsoSignInLookup {
  domain(domain: string): Promise<{ businessId: string; verified: boolean } | null>;
  settings(businessId: string): Promise<{ createEmployeesOnFirstSignIn: boolean; requireSso: boolean } | null>;
  employeeIdByEmail(businessId: string, email: string): Promise<string | null>;
  /** The businesses the user is an employee (not an owner) of. */
  employeeBusinesses(userId: string): Promise<string[]>;
}

export const tableLookup: SsoSignInLookup = {
  async domain(domain) {
    const item = await getSsoDomain(domain);
    return item ? { businessId: item.businessId, verified: Boolean(item.verifiedAt) } : null;
  },
  async settings(businessId) {
    const c = await getSsoConnection(businessId);
    return c ? { createEmployeesOnFirstSignIn: c.createEmployeesOnFirstSignIn, requireSso: c.requireSso } : null;
  },
  async employeeIdByEmail(businessId, email) {
    const { data } = await db().employeeEmailGuard.get({ businessId, email: email.toLowerCase() }).go({ consistent: true });
    return data?.employeeId ?? null;
  },
  async employeeBusinesses(userId) {
    const { memberships } = await loadUserRecords(userId);
    return memberships.filter((m) => m.scopeType === 'business' && m.role !== 'owner').map((m) => m.scopeId);
  },
};

/** Why a first sign-in through a business's provider is refused, or null (also null: not an SSO user). */
export async function ssoSignUpRefusal(userName: string, email: string | undefined, lookup: SsoSignInLookup = tableLookup): Promise<string | null> {
  const sso = parseSsoUserName(userName);
  if (!sso) return null;
  const address = email?.trim().toLowerCase() ?? '';
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const claimed = address.includes('@') ? await lookup.domain(domain) : null;
  if (!claimed || !claimed.verified || claimed.businessId !== sso.businessId) return ssoMessages.outsideDomains;
  if (await lookup.employeeIdByEmail(sso.businessId, address)) return null;
  const settings = await lookup.settings(sso.businessId);
  return settings?.createEmployeesOnFirstSignIn ? null : ssoMessages.noEmployee;
}

/** Why a password or Google sign-in is refused ('Require SSO' of a business the user is an employee of), or null. */
export async function ssoRequiredRefusal(userId: string, lookup: SsoSignInLookup = tableLookup): Promise<string | null> {
  for (const businessId of await lookup.employeeBusinesses(userId)) {
    if ((await lookup.settings(businessId))?.requireSso) return ssoMessages.ssoRequired;
  }
  return null;
}

// Account type and role resolution for the signed-in caller (spec 1 §4), done once on the server, and the one rule of
// where a signed-in person goes (`destination`), whichever way they signed in (docs/decisions.md "Where a signed-in
// person goes, and switching identity provider"); the web follows it and has no rule of its own.
import type * as z from '../../../shared/zod';
import type { AccountType, Destination, Me, pendingAccountTypeSchema } from '../../../shared/schemas/me';
import { displayNameFrom } from '../../../shared/format';
import { setAccountTypeAttribute } from '../adapters/cognito';
import type { Caller } from '../identity/caller';
import { logger } from '../lib/logger';
import { getBusiness } from '../business/repository';
import { activeDomainOriginOf } from '../domain-records/client-origin';
import { brandOfBusiness, brandViewOf } from '../agency/brand';
import { createProfileIfMissing, recordSignIn, setAccountType, type MembershipRecord } from '../identity/repository';
import { accessEndedViewOf, leftBusinessOf, type LeftBusiness } from '../leavers/recognise-leaver';

/** What the browser remembered from sign-up; only business or agency are accepted (schema). */
export type ResolveMeInput = z.output<typeof pendingAccountTypeSchema>;

/** An Admin or Billing contact is an employee (with a card) whose business role opens the business dashboard. */
export function roleOf(caller: Caller): { role: Me['role']; membership: MembershipRecord | null } {
  const employee = caller.memberships.find((m) => m.scopeType === 'business' && m.role !== 'owner');
  if (employee) return { role: 'employee', membership: employee };
  const owner = caller.memberships.find((m) => m.scopeType === 'business' && m.role === 'owner');
  if (owner) return { role: 'owner', membership: owner };
  if (caller.isAdmin) return { role: 'admin', membership: null };
  return { role: null, membership: null };
}

/**
 * The rule, in order: admin; an employee of a business → their portal (an Admin or Billing contact → the business
 * dashboard); an owner → the business dashboard; an agency →
 * the agency dashboard; a leaver → 'Access Ended'; an employee account with no business left → 'Access Ended' too (it
 * cannot own a business, so onboarding would be a dead end); an agency account → the agency dashboard (to set one up);
 * everyone else — no business, agency or employee record, not a leaver — business onboarding.
 */
export function destinationOf(who: { isAdmin: boolean; role: Me['role']; businessRole?: Me['businessRole']; agency: boolean; left: LeftBusiness | null; accountType: AccountType | null }): Destination {
  if (who.isAdmin) return 'admin';
  if (who.role === 'employee') return who.businessRole === 'admin' || who.businessRole === 'billing' ? 'business' : 'employee-portal';
  if (who.role === 'owner') return 'business';
  if (who.agency) return 'agency';
  if (who.left || who.accountType === 'employee') return 'access-ended';
  if (who.accountType === 'agency') return 'agency';
  return 'business-onboarding';
}

export async function resolveMe(caller: Caller, input: ResolveMeInput): Promise<Me> {
  const { role, membership } = roleOf(caller);
  const agency = caller.memberships.find((m) => m.scopeType === 'agency' && m.role === 'owner');
  const displayName = caller.profile?.displayName ?? displayNameFrom({ email: caller.email });
  // Only someone with no role anywhere can be a leaver here: a person still an owner or employee goes there.
  const left = role === null && !agency ? await leftBusinessOf(caller) : null;

  let accountType = caller.profile?.accountType ?? null;
  if (role === 'employee') {
    // An employee role forces the employee account type; the profile is created if missing.
    if (accountType !== 'employee') {
      await ensureProfile(caller, displayName);
      await setAccountType(caller.userId, 'employee');
      accountType = 'employee';
    }
  } else if (!caller.profile) {
    const owner = role === 'owner';
    // A leaver signing in with a new account (a federated identity makes one) was an employee, never a new business.
    const chosen = caller.isAdmin ? 'admin' : owner ? 'business' : agency ? 'agency' : left ? 'employee' : (input.pendingAccountType ?? 'business');
    await createProfileIfMissing({ userId: caller.userId, email: caller.email, displayName, accountType: chosen });
    accountType = chosen;
    if (chosen === 'business' || chosen === 'agency') {
      await setAccountTypeAttribute(caller.username, chosen).catch((error: Error) =>
        logger.warn('could not mirror account type to Cognito', { error }),
      );
    }
  }

  if (caller.signedInAt && caller.profile) {
    const at = new Date(caller.signedInAt * 1000).toISOString();
    if (!caller.profile.lastSignInAt || caller.profile.lastSignInAt < at) {
      await recordSignIn(caller.userId, at).catch((error: Error) => logger.warn('sign-in time not recorded', { error }));
    }
  }

  // An owner or employee of a white-labelled client sees its agency's brand (one GetItem of the business they belong to).
  const business = (role === 'owner' || role === 'employee') && membership ? await getBusiness(membership.scopeId) : null;
  const brand = business ? brandOfBusiness(business) : null;
  const businessRole = membership?.scopeType === 'business' ? membership.role : null;
  const destination = destinationOf({ isAdmin: caller.isAdmin, role, businessRole, agency: Boolean(agency), left, accountType });

  return {
    userId: caller.userId,
    email: caller.email,
    emailVerified: caller.emailVerified,
    displayName,
    isAdmin: caller.isAdmin,
    accountType,
    role,
    businessRole,
    employeeId: membership?.employeeId ?? null,
    businessId: membership?.scopeId ?? null,
    agencyId: agency?.scopeId ?? null,
    // Sign Out takes a white-labelled client's person to the agency's sign-in page, on its domain when it has one.
    brand: brand && { ...brandViewOf(brand)!, siteOrigin: await activeDomainOriginOf(brand.agencyId) },
    destination,
    accessEnded: destination === 'access-ended' ? await accessEndedViewOf(left) : null,
  };
}

async function ensureProfile(caller: Caller, displayName: string) {
  if (!caller.profile) await createProfileIfMissing({ userId: caller.userId, email: caller.email, displayName });
}

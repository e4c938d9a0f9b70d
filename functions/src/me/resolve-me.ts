// Account type and role resolution for the signed-in caller (spec 1 §4), done once on the server.
import type * as z from '../../../shared/zod';
import type { Me, pendingAccountTypeSchema } from '../../../shared/schemas/me';
import { displayNameFrom } from '../../../shared/format';
import { setAccountTypeAttribute } from '../adapters/cognito';
import type { Caller } from '../identity/caller';
import { logger } from '../lib/logger';
import { getBusiness } from '../business/repository';
import { brandOfBusiness, brandViewOf } from '../white-label/brand';
import { createProfileIfMissing, recordSignIn, setAccountType, type MembershipRecord } from '../identity/repository';

/** What the browser remembered from sign-up; only business or agency are accepted (schema). */
export type ResolveMeInput = z.output<typeof pendingAccountTypeSchema>;

export function roleOf(caller: Caller): { role: Me['role']; membership: MembershipRecord | null } {
  const employee = caller.memberships.find((m) => m.scopeType === 'business' && m.role === 'employee');
  if (employee) return { role: 'employee', membership: employee };
  const owner = caller.memberships.find((m) => m.scopeType === 'business' && m.role === 'owner');
  if (owner) return { role: 'owner', membership: owner };
  if (caller.isAdmin) return { role: 'admin', membership: null };
  return { role: null, membership: null };
}

export async function resolveMe(caller: Caller, input: ResolveMeInput): Promise<Me> {
  const { role, membership } = roleOf(caller);
  const agency = caller.memberships.find((m) => m.scopeType === 'agency' && m.role === 'owner');
  const displayName = caller.profile?.displayName ?? displayNameFrom({ email: caller.email });

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
    const chosen = caller.isAdmin ? 'admin' : owner ? 'business' : agency ? 'agency' : (input.pendingAccountType ?? 'business');
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

  return {
    userId: caller.userId,
    email: caller.email,
    emailVerified: caller.emailVerified,
    displayName,
    isAdmin: caller.isAdmin,
    accountType,
    role,
    employeeId: membership?.employeeId ?? null,
    businessId: membership?.scopeId ?? null,
    agencyId: agency?.scopeId ?? null,
    brand: brandViewOf(brand),
  };
}

async function ensureProfile(caller: Caller, displayName: string) {
  if (!caller.profile) await createProfileIfMissing({ userId: caller.userId, email: caller.email, displayName });
}

// Access patterns of identity: a user's profile and memberships (one Query reads both) and agency–client links.
import { db } from '../data/entities';
import type { AccountType } from '../../../shared/schemas/me';
import type { EmployeeRole } from '../../../shared/schemas/employee';
import { isConditionalFailure } from '../data/conditional';
import { recordMetric } from '../lib/metrics';

export interface ProfileRecord {
  userId: string;
  email: string;
  displayName: string;
  accountType?: AccountType;
  tokensValidAfter?: number;
  lastSignInAt?: string;
}

/** A member's role in a business: its owner, or the role an employee holds beside their card; an agency's: owner. */
export type BusinessRole = EmployeeRole;

export interface MembershipRecord {
  userId: string;
  scopeType: 'business' | 'agency';
  scopeId: string;
  /** owner, or the business role an employee holds beside their card (identity/access.ts says what each may do). */
  role: BusinessRole;
  employeeId?: string;
  /** Set when the employee left (issue 23 §2). */
  leftAt?: string;
  /** The identity provider a single sign-on link came through (removed with that provider). */
  ssoProvider?: string;
}

export interface UserRecords {
  profile: ProfileRecord | null;
  /** The memberships that grant something: a leaver's is not among them (issue 23 §2). */
  memberships: MembershipRecord[];
  /** Memberships of businesses the user left: they grant nothing, and let the portal say why. */
  leftMemberships?: MembershipRecord[];
}

/** The user's profile and every membership, in one Query of the `user` collection. */
export async function loadUserRecords(userId: string): Promise<UserRecords> {
  const { data } = await db().service.collections.user({ userId }).go({ pages: 'all' });
  return {
    profile: data.profile[0] ?? null,
    memberships: data.membership.filter((m) => !m.leftAt),
    leftMemberships: data.membership.filter((m) => m.leftAt),
  };
}

/** Does agency X manage business Y: one GetItem of the agency–client link. */
export async function isClientOfAgency(agencyId: string, businessId: string): Promise<boolean> {
  const { data } = await db().agencyClient.get({ agencyId, businessId }).go();
  return data !== null;
}

/** A user's profile (whom a leaver's 'Access Ended' names as the contact: the owner). */
export async function getProfile(userId: string): Promise<ProfileRecord | null> {
  const { data } = await db().profile.get({ userId }).go();
  return data;
}

/** Creates the profile unless one exists; returns the stored one either way. */
export async function createProfileIfMissing(profile: ProfileRecord): Promise<ProfileRecord> {
  try {
    await db().profile.create(profile).go();
    // Counted here because only this conditional write knows the account is new; an invited admin is no sign-up.
    if (profile.accountType !== 'admin') recordMetric('SignUps');
    return profile;
  } catch (error) {
    if (isConditionalFailure(error)) {
      const existing = await db().profile.get({ userId: profile.userId }).go({ consistent: true });
      if (existing.data) return existing.data;
    }
    throw error;
  }
}

/** Sets the account type on an existing profile. */
export async function setAccountType(userId: string, accountType: AccountType): Promise<void> {
  await db().profile.patch({ userId }).set({ accountType }).go();
}

/** Records a sign-in on the profile, unless a newer one is there already. */
export async function recordSignIn(userId: string, at: string): Promise<void> {
  try {
    await db()
      .profile.patch({ userId })
      .set({ lastSignInAt: at })
      .where((attr, { notExists, lt }) => `${notExists(attr.lastSignInAt)} OR ${lt(attr.lastSignInAt, at)}`)
      .go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

/** Refuses every token the user holds now (resolveCaller compares `iat`): they must sign in again. */
export async function endSessions(userId: string, now = new Date()): Promise<void> {
  await db().profile.patch({ userId }).set({ tokensValidAfter: Math.floor(now.getTime() / 1000) + 1 }).go();
}

/** Records that the user owns a business or agency (the spec's inferred owner role row). */
export async function putOwnerMembership(userId: string, scopeType: 'business' | 'agency', scopeId: string): Promise<void> {
  await db().membership.put({ userId, scopeType, scopeId, role: 'owner' }).go();
}

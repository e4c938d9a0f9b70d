// Is the signed-in person a leaver (issue 23 §2)? Read by /api/me (where they go: 'Access Ended', never business
// onboarding) and by business onboarding (refused). A leaver is recognised by, in this order:
// 1. their own membership marked left (the account that was linked to the employee);
// 2. for a sign-in that made a new Cognito user — every first federated sign-in does, e.g. through a business's new
//    identity provider — the e-mail naming an Inactive employee of the business whose provider signed them in (the
//    provider checked the address is in the business's verified domains, so it is trusted as the link trusts it);
// 3. a verified e-mail (Google's, a confirmed password sign-up's) in a business's verified SSO domain that names an
//    Inactive employee of that business: the business proved it owns the domain, so the address is its employee's.
// An address outside any verified domain is not looked up across businesses (there is no such index, and nothing ties
// the address to one business): that new account is a new person.
import type { AccessEnded } from '../../../shared/schemas/me';
import { getBusiness, getEmployee } from '../business/repository';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { getProfile } from '../identity/repository';
import { parseSsoUserName } from '../sso/provider-name';
import { getSsoDomain } from '../sso/repository';

export interface LeftBusiness {
  businessId: string;
  employeeId: string | null;
}

async function inactiveEmployeeOf(businessId: string, email: string): Promise<LeftBusiness | null> {
  const { data: guard } = await db().employeeEmailGuard.get({ businessId, email }).go({ consistent: true });
  const employee = guard ? await getEmployee(guard.employeeId) : null;
  return employee?.businessId === businessId && employee.status === 'inactive' ? { businessId, employeeId: employee.employeeId } : null;
}

/** The business the caller left, or null (also null for a caller who is still an owner or employee somewhere: ask first). */
export async function leftBusinessOf(caller: Caller): Promise<LeftBusiness | null> {
  const left = caller.leftMemberships?.find((m) => m.scopeType === 'business');
  if (left) return { businessId: left.scopeId, employeeId: left.employeeId ?? null };
  const email = caller.email.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const sso = parseSsoUserName(caller.username);
  if (sso) {
    const found = await inactiveEmployeeOf(sso.businessId, email);
    if (found) return found;
  }
  if (!caller.emailVerified) return null;
  const domain = await getSsoDomain(email.slice(at + 1));
  if (!domain?.verifiedAt || domain.businessId === sso?.businessId) return null;
  return inactiveEmployeeOf(domain.businessId, email);
}

/** What 'Access Ended' shows: the company's name and its owner as the person to contact (nulls when gone). */
export async function accessEndedViewOf(left: LeftBusiness | null): Promise<AccessEnded> {
  const business = left ? await getBusiness(left.businessId) : null;
  const owner = business ? await getProfile(business.ownerId) : null;
  return { businessName: business?.name ?? null, contactName: owner?.displayName ?? null, contactEmail: owner?.email ?? null };
}

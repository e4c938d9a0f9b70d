// Data-level authorization: may this caller touch business X? Checked first thing in every service.
import { messages } from '../../../shared/messages';
import { AppError, forbidden } from '../lib/errors';
import type { Caller } from './caller';
import { isClientOfAgency, type BusinessRole } from './repository';

export function ownsBusiness(caller: Caller, businessId: string): boolean {
  return caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === businessId && m.role === 'owner');
}

/** True when one of the caller's agencies has `businessId` as a client (one GetItem per owned agency). */
export async function managesAsAgency(caller: Caller, businessId: string): Promise<boolean> {
  const agencies = caller.memberships.filter((m) => m.scopeType === 'agency' && m.role === 'owner');
  for (const agency of agencies) {
    if (await isClientOfAgency(agency.scopeId, businessId)) return true;
  }
  return false;
}

/**
 * What may be done in a business. Every business-scoped service names the one it needs (`assertMay`); who holds which
 * is the table below, and nowhere else.
 * - employees: the dashboard, add/edit/deactivate/delete/invite/import/export employees, their cards, photos, QR codes
 * - analytics: scan analytics
 * - contacts: the details visitors shared from the business's cards
 * - settings: Company Settings, the logo, leaver defaults, directory sync and its tokens, single sign-on
 * - activity: the audit log
 * - billing: the business's invoices (their payment page and PDF are public: the link is the credential)
 * - ownership: give someone the Owner role, or change an owner's role
 */
export const capabilities = ['employees', 'analytics', 'contacts', 'settings', 'activity', 'billing', 'ownership'] as const;
export type Capability = (typeof capabilities)[number];

/**
 * What each business role may do. An Admin does everything the owner does except hand over ownership (no route deletes
 * a business but the platform admins'); a Billing contact sees billing and no employee data; an employee acts only on
 * their own card and profile (checked where that is the rule: assertCanUseCard, the portal's routes).
 */
export const capabilitiesOfRole: Record<BusinessRole, readonly Capability[]> = {
  owner: capabilities,
  admin: capabilities.filter((c) => c !== 'ownership'),
  billing: ['billing'],
  employee: [],
};

/** The caller's role in the business (a left membership is not among the caller's), or null. */
export function businessRoleOf(caller: Caller, businessId: string): BusinessRole | null {
  return caller.memberships.find((m) => m.scopeType === 'business' && m.scopeId === businessId)?.role ?? null;
}

/**
 * May the caller do `capability` in the business: a platform admin and an agency managing the business may do all of
 * it (as its owner); a member what their role allows; nobody else anything.
 */
export async function may(caller: Caller, businessId: string, capability: Capability): Promise<boolean> {
  if (caller.isAdmin) return true;
  const role = businessRoleOf(caller, businessId);
  if (role && capabilitiesOfRole[role].includes(capability)) return true;
  return managesAsAgency(caller, businessId);
}

/** 403 unless the caller may do `capability` in the business (`may`). */
export async function assertMay(caller: Caller, businessId: string, capability: Capability): Promise<void> {
  if (!(await may(caller, businessId, capability))) throw forbidden();
}

/**
 * Giving someone a role: whoever manages employees may make Admins and Billing contacts; only whoever holds 'ownership'
 * may make an owner or change an owner's role (an Admin cannot take the business over, or demote its owner).
 */
export async function assertMayGiveRole(caller: Caller, businessId: string, from: BusinessRole | null, to: BusinessRole): Promise<void> {
  if (from === to || (from !== 'owner' && to !== 'owner')) return;
  const refusal = messages.employee.onlyOwnerGivesOwnership;
  if (!(await may(caller, businessId, 'ownership'))) throw new AppError('FORBIDDEN', refusal, { role: refusal });
}

/** A card may be used (wallet pass, downloads) by its own employee and by whoever may manage the business's employees. */
export async function assertCanUseCard(caller: Caller, card: { businessId: string; employeeId: string }): Promise<void> {
  const ownCard = caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === card.businessId && m.employeeId === card.employeeId);
  if (ownCard) return;
  await assertMay(caller, card.businessId, 'employees');
}

/**
 * Who may set up a business of their own (business onboarding): a business account, or a new account whose type
 * is not decided yet. Agencies get clients through Add Client, admins run the platform, and an employee account
 * belongs to its employer's business — none of them becomes an owner this way.
 */
export function assertMayOwnBusiness(caller: Caller): void {
  const type = caller.profile?.accountType;
  // Any business role but owner belongs to an employee of that business.
  const isEmployee = caller.memberships.some((m) => m.scopeType === 'business' && m.role !== 'owner');
  const isAgency = caller.memberships.some((m) => m.scopeType === 'agency');
  if (caller.isAdmin || isEmployee || isAgency || (type && type !== 'business')) {
    throw forbidden(messages.generic.cannotOwnBusiness);
  }
}

// Data-level authorization: may this caller touch business X? Checked first thing in every service.
import { messages } from '../../../shared/messages';
import { forbidden } from '../lib/errors';
import type { Caller } from './caller';
import { isClientOfAgency } from './repository';

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

/** Owners, agencies managing the business, and admins may manage it; anyone else gets 403. */
export async function assertCanManageBusiness(caller: Caller, businessId: string): Promise<void> {
  if (caller.isAdmin || ownsBusiness(caller, businessId) || (await managesAsAgency(caller, businessId))) return;
  throw forbidden();
}

/** A card may be used (wallet pass, downloads) by its own employee and by whoever may manage its business. */
export async function assertCanUseCard(caller: Caller, card: { businessId: string; employeeId: string }): Promise<void> {
  const ownCard = caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === card.businessId && m.employeeId === card.employeeId);
  if (ownCard) return;
  await assertCanManageBusiness(caller, card.businessId);
}

/**
 * Who may set up a business of their own (business onboarding): a business account, or a new account whose type
 * is not decided yet. Agencies get clients through Add Client, admins run the platform, and an employee account
 * belongs to its employer's business — none of them becomes an owner this way.
 */
export function assertMayOwnBusiness(caller: Caller): void {
  const type = caller.profile?.accountType;
  const isEmployee = caller.memberships.some((m) => m.role === 'employee');
  const isAgency = caller.memberships.some((m) => m.scopeType === 'agency');
  if (caller.isAdmin || isEmployee || isAgency || (type && type !== 'business')) {
    throw forbidden(messages.generic.cannotOwnBusiness);
  }
}

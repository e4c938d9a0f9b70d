// Data-level authorization: may this caller touch business X? Checked first thing in every service.
import type { Caller } from './caller';
import { forbidden, unauthenticated } from './errors';
import { db } from '../data/entities';

export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw unauthenticated();
  return caller;
}

export function ownsBusiness(caller: Caller, businessId: string): boolean {
  return caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === businessId && m.role === 'owner');
}

/** True when one of the caller's agencies has `businessId` as a client (one GetItem per owned agency). */
export async function managesAsAgency(caller: Caller, businessId: string): Promise<boolean> {
  const agencies = caller.memberships.filter((m) => m.scopeType === 'agency' && m.role === 'owner');
  for (const agency of agencies) {
    const { data } = await db().agencyClient.get({ agencyId: agency.scopeId, businessId }).go();
    if (data) return true;
  }
  return false;
}

/** Owners, agencies managing the business, and admins may manage it; anyone else gets 403. */
export async function assertCanManageBusiness(caller: Caller | null, businessId: string): Promise<Caller> {
  const who = signedIn(caller);
  if (who.isAdmin || ownsBusiness(who, businessId) || (await managesAsAgency(who, businessId))) return who;
  throw forbidden();
}

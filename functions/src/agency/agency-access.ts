// Who is an agency (spec 2 §6): the owner of an agency, or an account that signed up as one and has not saved its
// settings yet. Business owners, employees and admins are not agencies; they get 403 on every agency route.
import { messages } from '../../../shared/messages';
import type { Caller } from '../identity/caller';
import { forbidden, notFound } from '../lib/errors';
import { getAgency } from './repository';

/** The caller's agency id, or null for an agency account whose agency is not created yet. */
export function agencyIdOf(caller: Caller): string | null {
  const membership = caller.memberships.find((m) => m.scopeType === 'agency' && m.role === 'owner');
  if (membership) return membership.scopeId;
  const inABusiness = caller.memberships.some((m) => m.scopeType === 'business');
  if (!caller.isAdmin && !inABusiness && caller.profile?.accountType === 'agency') return null;
  throw forbidden(messages.agency.notAnAgency);
}

/**
 * For what an agency manages about itself (its custom and sending domains): its owner or an admin, else 403; then the
 * agency must exist (404 with `notFoundMessage`).
 */
export async function assertManagesAgency(caller: Caller, agencyId: string, notFoundMessage: string): Promise<void> {
  const owns = caller.memberships.some((m) => m.scopeType === 'agency' && m.scopeId === agencyId && m.role === 'owner');
  if (!owns && !caller.isAdmin) throw forbidden();
  if (!(await getAgency(agencyId))) throw notFound(notFoundMessage);
}

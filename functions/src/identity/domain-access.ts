// Who may use an agency's custom domain (docs/decisions.md "The agency's domain serves its clients' product"): the
// agency's own people and the people of its clients. Anyone else signed in there is refused on every API call (403,
// saying where to sign in instead), so a person of another business never works under the agency's brand. A person
// with no membership yet (just signed up through an invitation, about to accept it) may go on: they can reach nothing.
// The platform's admins work on the platform's address only.
import { customDomainMessages } from '../../../shared/messages/custom-domains';
import { db } from '../data/entities';
import { forbidden } from '../lib/errors';
import type { Caller } from './claims';

/** The agency whose active domain this is, or null. */
async function agencyOfDomain(domain: string): Promise<string | null> {
  const { data } = await db().customDomain.get({ domain }).go({ attributes: ['agencyId', 'state'] });
  return data?.state === 'active' ? data.agencyId : null;
}

/** Refuses (403) a caller who is neither the domain's agency's nor one of its clients' people. */
export async function assertMayUseDomain(caller: Caller, domain: string): Promise<void> {
  if (caller.memberships.length === 0 && !caller.isAdmin) return;
  const agencyId = await agencyOfDomain(domain);
  if (agencyId) {
    if (caller.memberships.some((m) => m.scopeType === 'agency' && m.scopeId === agencyId)) return;
    const businesses = caller.memberships.filter((m) => m.scopeType === 'business').map((m) => m.scopeId);
    const links = await Promise.all(businesses.map(async (businessId) => (await db().agencyClient.get({ agencyId, businessId }).go({ attributes: ['businessId'] })).data));
    if (links.some(Boolean)) return;
  }
  throw notThisSite();
}

/** The refusal, saying to sign in on the platform's address (the web app links it: GET /api/site-brand names it). */
export function notThisSite() {
  return forbidden(customDomainMessages.notThisSite);
}

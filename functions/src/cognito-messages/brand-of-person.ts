// Whose brand a person's Cognito mails carry, decided from the table and never from what the browser sends (its
// ClientMetadata is ignored): the businesses the person belongs to (memberships, by the Cognito `sub`) and, before any
// membership exists, the businesses whose invitation was mailed to their address. The agency's brand only when every
// one of those businesses shows that same agency's brand; an agency's own people, anyone with a business of CardCrew's
// and anyone the table does not know get CardCrew's. The mail goes to the address the data is read for, so a brand
// never tells anyone about someone else.
import type { ClientBrand } from '../agency/brand';
import { getBrandOfBusiness, listBusinessesInvitingEmail, listScopesOfUser } from './repository';

/** What the decision reads: the table by default, a fake in unit tests. */
export interface PersonLookup {
  scopesOfUser(userId: string): Promise<{ scopeType: 'business' | 'agency'; scopeId: string }[]>;
  businessesInvitingEmail(email: string, now: Date): Promise<string[]>;
  brandOfBusiness(businessId: string): Promise<ClientBrand | null | undefined>;
}

export const tableLookup: PersonLookup = {
  scopesOfUser: listScopesOfUser,
  businessesInvitingEmail: listBusinessesInvitingEmail,
  brandOfBusiness: getBrandOfBusiness,
};

export async function brandOfPerson(person: { userId?: string; email?: string }, lookup: PersonLookup = tableLookup, now = new Date()): Promise<ClientBrand | null> {
  const scopes = person.userId ? await lookup.scopesOfUser(person.userId) : [];
  // An agency's own people are CardCrew's customers, whatever clients they also work in.
  if (scopes.some((s) => s.scopeType === 'agency')) return null;
  const businessIds = new Set(scopes.map((s) => s.scopeId));
  const email = person.email?.trim();
  if (email) for (const id of await lookup.businessesInvitingEmail(email, now)) businessIds.add(id);
  if (businessIds.size === 0) return null;
  const brands = await Promise.all([...businessIds].map((id) => lookup.brandOfBusiness(id)));
  const [first] = brands;
  if (!first || brands.some((b) => !b || b.agencyId !== first.agencyId)) return null;
  return first;
}

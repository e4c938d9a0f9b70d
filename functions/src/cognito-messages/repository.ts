// What the CustomMessage trigger reads to know whose brand a person's Cognito mails carry: their memberships (one Query
// of the `user` collection, identity/repository.ts), the invitations mailed to their address (gsi3 byRecipient) and
// the brand copied onto a business item (GetItem). Reads only: the trigger's role may do nothing else.
import { db } from '../data/entities';
import { loadUserRecords } from '../identity/repository';
import { brandOfBusiness, type ClientBrand } from '../agency/brand';

/** The scopes a user belongs to now (a leaver's business is not among them). */
export async function listScopesOfUser(userId: string): Promise<{ scopeType: 'business' | 'agency'; scopeId: string }[]> {
  const { memberships } = await loadUserRecords(userId);
  return memberships.map(({ scopeType, scopeId }) => ({ scopeType, scopeId }));
}

/** The businesses whose invitation to `email` still works (unused, unexpired): a sign-up through one is theirs. */
export async function listBusinessesInvitingEmail(email: string, now: Date): Promise<string[]> {
  const { data } = await db().invitation.query.byRecipient({ sentTo: email }).go({ pages: 'all', attributes: ['businessId', 'expiresAt', 'usedAt'] });
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return data.filter((i) => !i.usedAt && i.expiresAt > nowSeconds).map((i) => i.businessId);
}

/** The white-label brand shown to a business's people, null for CardCrew's own; undefined when there is no such business. */
export async function getBrandOfBusiness(businessId: string): Promise<ClientBrand | null | undefined> {
  const { data } = await db().business.get({ businessId }).go();
  return data ? brandOfBusiness(data) : undefined;
}

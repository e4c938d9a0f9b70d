// Access patterns of agency billing (docs/access-patterns.md): the choice of who pays written on the agency–client link
// (the links are read in agency/repository.ts), and the agency's invoices (gsi1 byBusiness, keyed by the payer).
import type { EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';

export type AgencyClientLink = EntityItem<Db['agencyClient']>;

/** Records who pays for the client, who chose it and when; null when the link is gone meanwhile. */
export async function setBilledTo(link: { agencyId: string; businessId: string }, billedTo: 'agency' | 'direct', changedBy: string): Promise<AgencyClientLink | null> {
  try {
    const { data } = await db()
      .agencyClient.patch(link)
      .set({ billedTo, billingChangedBy: changedBy, billingChangedAt: new Date().toISOString() })
      .go({ response: 'all_new' });
    return data as AgencyClientLink;
  } catch (error) {
    if (isConditionalFailure(error)) return null;
    throw error;
  }
}

/** The agency's invoices, newest first (an agency invoice is keyed by the agency as its payer). */
export async function listAgencyInvoices(agencyId: string) {
  const { data } = await db().invoice.query.byBusiness({ businessId: agencyId }).go({ order: 'desc', pages: 'all' });
  return data.filter((invoice) => invoice.payerType === 'agency');
}

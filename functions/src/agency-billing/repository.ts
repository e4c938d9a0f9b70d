// Access patterns of agency billing (docs/access-patterns.md): the choice of who pays written on the agency–client link
// (the links are read in agency/repository.ts), and the agency's invoices (gsi1 byBusiness, keyed by the payer).
import type { EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';
import { managingAgencyFields } from '../agency/repository';
import { AppError } from '../lib/errors';
import { messages } from '../../../shared/messages';

export type AgencyClientLink = EntityItem<Db['agencyClient']>;

/**
 * Records who pays for the client, who chose it and when; null when the link is gone meanwhile. When the link is the
 * managing one (`managing`: its agency's name as read), the business's copy of it (id, name, who pays) is written in the
 * same transaction, with the agency's name checked current, so the admin businesses tab shows the choice at once.
 */
export async function setBilledTo(link: { agencyId: string; businessId: string }, billedTo: 'agency' | 'direct', changedBy: string, managing: { agencyName: string } | null): Promise<AgencyClientLink | null> {
  const billingChangedAt = new Date().toISOString();
  const result = await db()
    .service.transaction.write(({ agencyClient, business, agency }) => [
      agencyClient.patch(link).set({ billedTo, billingChangedBy: changedBy, billingChangedAt }).commit(),
      ...(managing
        ? [
            business
              .patch({ businessId: link.businessId })
              .set(managingAgencyFields({ agencyId: link.agencyId, name: managing.agencyName, billedTo }))
              // Another agency's copy is never overwritten; a missing one (an item not backfilled yet) is written.
              .where(({ managingAgencyId }, { notExists, eq }) => `${notExists(managingAgencyId)} OR ${eq(managingAgencyId, link.agencyId)}`)
              .commit(),
            agency
              .check({ agencyId: link.agencyId })
              .where((a, { eq }) => eq(a.name, managing.agencyName))
              .commit(),
          ]
        : []),
    ])
    .go();
  if (!result.canceled) return { ...link, billedTo, billingChangedBy: changedBy, billingChangedAt } as AgencyClientLink;
  // The link is gone (the patch's existence condition): not a client any more. Anything else changed meanwhile.
  if ((result.data as { code?: string }[])[0]?.code === 'ConditionalCheckFailed') return null;
  throw new AppError('CONFLICT', messages.agencyBilling.saveFailed);
}

/** The agency's invoices, newest first (an agency invoice is keyed by the agency as its payer). */
export async function listAgencyInvoices(agencyId: string) {
  const { data } = await db().invoice.query.byBusiness({ businessId: agencyId }).go({ order: 'desc', pages: 'all' });
  return data.filter((invoice) => invoice.payerType === 'agency');
}

// Access patterns of agency billing (docs/access-patterns.md): the choice of who pays written on the agency–client link
// (the links are read in agency/repository.ts), and the agency's invoices (gsi1 byBusiness, keyed by the payer).
import type { EntityItem } from 'electrodb';
import { isConditionalFailure } from '../data/conditional';
import { db, type Db } from '../data/entities';
import { managingAgencyFields } from '../agency/repository';
import { AppError } from '../lib/errors';
import { messages } from '../../../shared/messages';

export type AgencyClientLink = EntityItem<Db['agencyClient']>;

/**
 * How the business's billing e-mail stands in the same transaction: a client billed directly is billed at its own
 * billing e-mail (issue 40), so 'direct' either writes one the business has not got (with its uniqueness guard) or
 * checks the one it has is still there; 'agency' leaves it alone.
 */
export type BillingEmailStep = { set: string } | { keep: true } | null;

/**
 * Records who pays for the client, who chose it and when; null when the link is gone meanwhile. When the link is the
 * managing one (`managing`: its agency's name as read), the business's copy of it (id, name, who pays) is written in the
 * same transaction, with the agency's name checked current, so the admin businesses tab shows the choice at once.
 */
export async function setBilledTo(
  link: { agencyId: string; businessId: string },
  billedTo: 'agency' | 'direct',
  changedBy: string,
  managing: { agencyName: string } | null,
  billingEmail: BillingEmailStep = null,
): Promise<AgencyClientLink | null> {
  const billingChangedAt = new Date().toISOString();
  let guardIndex = -1;
  const result = await db()
    .service.transaction.write(({ agencyClient, business, agency, billingEmailGuard }) => {
      const items = [agencyClient.patch(link).set({ billedTo, billingChangedBy: changedBy, billingChangedAt }).commit()];
      // The business item's conditions: another agency's copy is never overwritten (a missing one, an item not
      // backfilled yet, is written); the billing e-mail is written only where there is none, or checked still there.
      if (managing) {
        items.push(
          business
            .patch({ businessId: link.businessId })
            .set({ ...managingAgencyFields({ agencyId: link.agencyId, name: managing.agencyName, billedTo }), ...(billingEmail && 'set' in billingEmail ? { billingEmail: billingEmail.set } : {}) })
            .where(({ managingAgencyId, billingEmail: email }, { notExists, exists, eq }) => {
              const copy = `(${notExists(managingAgencyId)} OR ${eq(managingAgencyId, link.agencyId)})`;
              if (!billingEmail) return copy;
              return `${copy} AND ${'set' in billingEmail ? notExists(email) : exists(email)}`;
            })
            .commit() as never,
          agency
            .check({ agencyId: link.agencyId })
            .where((a, { eq }) => eq(a.name, managing.agencyName))
            .commit() as never,
        );
      } else if (billingEmail && 'set' in billingEmail) {
        items.push(
          business
            .patch({ businessId: link.businessId })
            .set({ billingEmail: billingEmail.set })
            .where((attr, { notExists }) => notExists(attr.billingEmail))
            .commit() as never,
        );
      } else if (billingEmail) {
        items.push(
          business
            .check({ businessId: link.businessId })
            .where((attr, { exists }) => exists(attr.billingEmail))
            .commit() as never,
        );
      }
      if (billingEmail && 'set' in billingEmail) {
        guardIndex = items.length;
        items.push(billingEmailGuard.create({ billingEmail: billingEmail.set, businessId: link.businessId }).commit() as never);
      }
      return items;
    })
    .go();
  if (!result.canceled) return { ...link, billedTo, billingChangedBy: changedBy, billingChangedAt } as AgencyClientLink;
  const outcomes = result.data as { code?: string; rejected?: boolean }[];
  // The link is gone (the patch's existence condition): not a client any more.
  if (outcomes[0]?.code === 'ConditionalCheckFailed') return null;
  // Another business bills at that address (the onboarding form's rule and message).
  if (guardIndex >= 0 && outcomes[guardIndex]?.rejected) throw new AppError('BILLING_EMAIL_TAKEN', messages.businessForm.emailTaken, { billingEmail: messages.businessForm.emailTaken });
  // Anything else changed meanwhile (the agency's name, the copy, the billing e-mail).
  throw new AppError('CONFLICT', messages.agencyBilling.saveFailed);
}

/** The agency's invoices, newest first (an agency invoice is keyed by the agency as its payer). */
export async function listAgencyInvoices(agencyId: string) {
  const { data } = await db().invoice.query.byBusiness({ businessId: agencyId }).go({ order: 'desc', pages: 'all' });
  return data.filter((invoice) => invoice.payerType === 'agency');
}

/**
 * The agency's price for the client per user per month, with who set it and when (null: back to the list price). Null
 * when the link is gone meanwhile (the patch's existence condition).
 */
export async function setClientPrice(link: { agencyId: string; businessId: string }, pricePerUserCents: number | null, changedBy: string): Promise<AgencyClientLink | null> {
  const priceChangedAt = new Date().toISOString();
  try {
    const patch = db().agencyClient.patch(link).set({ priceChangedBy: changedBy, priceChangedAt });
    const { data } = await (pricePerUserCents === null ? patch.remove(['pricePerUserCents']) : patch.set({ pricePerUserCents })).go({ response: 'all_new' });
    return data as AgencyClientLink;
  } catch (error) {
    if (isConditionalFailure(error)) return null;
    throw error;
  }
}

// Who pays for a business (issue 20 §1) as its dashboard shows it: a client billed to its agency is on the agency's
// invoice, so its owner sees that, not CardCrew's price (which would also show a reselling agency's margin). The same
// rule as the billing run (functions/src/jobs/payers.ts): the oldest link billed to its agency pays. Read here with the
// plain entities, not the agency area's repository, to keep the business Lambda small.
import { db } from '../data/entities';

/** The name of the agency that pays for the business, or null when the business pays for itself. */
export async function payingAgencyName(businessId: string): Promise<string | null> {
  const { data: links } = await db().agencyClient.query.byBusiness({ businessId }).go({ pages: 'all', attributes: ['agencyId', 'billedTo', 'createdAt'] });
  const payer = links.filter((link) => link.billedTo !== 'direct').sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))[0];
  if (!payer) return null;
  const { data: agency } = await db().agency.get({ agencyId: payer.agencyId }).go({ attributes: ['name'] });
  return agency?.name ?? null;
}

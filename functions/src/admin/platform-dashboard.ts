// The dashboard tab (issue 10 §2): the figures a platform operator needs, from the gsi2 listings of businesses,
// agencies and invoices, reading only the attributes each figure needs (docs/access-patterns.md #37).
import type { AdminDashboard } from '../../../shared/schemas/admin';
import { DEFAULT_CURRENCY } from '../../../shared/format';
import { adminMonthlyAmount } from '../../../shared/pricing';
import { db } from '../data/entities';
import { listActivePlans } from '../plans/repository';

const MONTHS = 6;

/** The last `count` calendar months (UTC) ending with `now`'s, oldest first: '2026-06' … '2026-11'. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

export async function platformDashboard(now = new Date()): Promise<AdminDashboard> {
  const e = db();
  const [businesses, agencies, invoices, plans] = await Promise.all([
    e.business.query.all({ listing: 'businesses' }).go({ pages: 'all', attributes: ['isActive', 'subscriptionStatus', 'billableEmployeeCount'] }),
    e.agency.query.all({ listing: 'agencies' }).go({ pages: 'all', attributes: ['agencyId'] }),
    e.invoice.query.all({ listing: 'invoices' }).go({ pages: 'all', attributes: ['amountCents', 'status', 'createdAt', 'paidAt', 'paidAmountCents'] }),
    listActivePlans(),
  ]);
  const active = businesses.data.filter((b) => b.isActive !== false);
  const billed = active.filter((b) => (b.subscriptionStatus ?? 'active') === 'active');
  const months = lastMonths(now, MONTHS);
  const byMonth = new Map(months.map((month) => [month, { month, invoicedCents: 0, paidCents: 0 }]));
  const thisMonth = months[months.length - 1];
  let outstandingCents = 0;
  let overdueCents = 0;
  let paidThisMonthCents = 0;
  for (const invoice of invoices.data) {
    if (invoice.status === 'pending' || invoice.status === 'overdue') outstandingCents += invoice.amountCents;
    if (invoice.status === 'overdue') overdueCents += invoice.amountCents;
    const created = byMonth.get(invoice.createdAt.slice(0, 7));
    if (created && invoice.status !== 'void' && invoice.status !== 'cancelled') created.invoicedCents += invoice.amountCents;
    if (invoice.status === 'paid' && invoice.paidAt) {
      const paid = invoice.paidAmountCents ?? invoice.amountCents;
      const month = byMonth.get(invoice.paidAt.slice(0, 7));
      if (month) month.paidCents += paid;
      if (invoice.paidAt.slice(0, 7) === thisMonth) paidThisMonthCents += paid;
    }
  }
  return {
    businesses: businesses.data.length,
    activeBusinesses: active.length,
    agencies: agencies.data.length,
    billableEmployees: active.reduce((sum, b) => sum + (b.billableEmployeeCount ?? 0), 0),
    monthlyRecurringRevenueCents: billed.reduce((sum, b) => sum + adminMonthlyAmount(plans, b.billableEmployeeCount ?? 0), 0),
    outstandingCents,
    overdueCents,
    paidThisMonthCents,
    currency: DEFAULT_CURRENCY,
    months: [...byMonth.values()],
  };
}

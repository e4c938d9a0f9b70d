// Who the monthly run bills (issue 20 §1): every active, subscribed business that no agency pays for, and every agency
// for the clients billed to it. The planner takes this snapshot when a run starts, so a client that changes hands
// mid-month is billed by whoever holds it then (docs/decisions.md); billPayer bills one payer from it.
import { addOneMonth, DEFAULT_CURRENCY } from '../../../shared/format';
import { agencyInvoiceAmounts, agencyVolumeTiers, businessRatePerUser, monthlyInvoiceAmount } from '../../../shared/pricing';
import { AGENCY_INVOICE_NOTE, MONTHLY_INVOICE_NOTE, type InvoiceMailOutcome } from '../../../shared/schemas/invoice';
import type { PricingPlan } from '../../../shared/schemas/plan';
import { getAgency, getBusinesses } from '../agency/repository';
import { sendInvoiceMail } from '../invoices/send-invoice-mail';
import { newId } from '../lib/ids';
import { createNumberedInvoice, getBusinessForBilling, hasInvoiceForPeriod, listAgencyBillingLinks, listAllAgencies, listAllBusinesses, type UnnumberedInvoice } from './repository';

export type Payer = { type: 'business'; businessId: string } | { type: 'agency'; agencyId: string; clientIds: string[] };

export type PayerOutcome =
  | { outcome: 'billed'; invoiceId: string; invoiceNumber: string; amountCents: number; currency: string; mail: InvoiceMailOutcome; numberingAttempts: number }
  | { outcome: 'alreadyBilled' }
  | { outcome: 'skipped'; reason: 'noBillableEmployees' | 'notBillable' };

/** The month a run bills and when its invoices fall due. */
export interface BillingPeriod {
  period: string;
  dueDate: string;
  year: number;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function billingPeriodOf(runDate: Date): BillingPeriod {
  return { period: isoDate(runDate).slice(0, 7), dueDate: isoDate(addOneMonth(runDate)), year: runDate.getUTCFullYear() };
}

/** A business the run bills at all: switched on and subscribed. */
const isBillable = (business: { isActive?: boolean | undefined; subscriptionStatus?: string | undefined }) =>
  business.isActive !== false && business.subscriptionStatus === 'active';

/**
 * The run's payers: one Query of the businesses listing, one of the agencies listing and one per agency for its client
 * links. A client billed to its agency is billed on the agency's invoice only; a business linked to several agencies
 * that bill it is billed by the link made first.
 */
export async function listPayers(): Promise<Payer[]> {
  const [businesses, agencies] = await Promise.all([listAllBusinesses(), listAllAgencies()]);
  const links = (await Promise.all(agencies.map((agency) => listAgencyBillingLinks(agency.agencyId)))).flat();
  const payerOfClient = new Map<string, string>();
  for (const link of [...links].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (link.billedTo !== 'direct' && !payerOfClient.has(link.businessId)) payerOfClient.set(link.businessId, link.agencyId);
  }
  const billable = businesses.filter(isBillable);
  const clientsOf = new Map<string, string[]>();
  const payers: Payer[] = [];
  for (const business of billable) {
    const agencyId = payerOfClient.get(business.businessId);
    if (agencyId) clientsOf.set(agencyId, [...(clientsOf.get(agencyId) ?? []), business.businessId]);
    else payers.push({ type: 'business', businessId: business.businessId });
  }
  for (const agency of agencies) {
    const clientIds = clientsOf.get(agency.agencyId);
    if (clientIds) payers.push({ type: 'agency', agencyId: agency.agencyId, clientIds });
  }
  return payers;
}

/** Bills one payer for the period, once (the guard); throws when it cannot, so the payer is retried on its own. */
export async function billPayer(payer: Payer, billing: BillingPeriod, plans: readonly PricingPlan[]): Promise<PayerOutcome> {
  const invoice = await preparePayerInvoice(payer, billing, plans);
  if ('outcome' in invoice) return invoice;
  const numbered = await createNumberedInvoice(invoice, { year: billing.year, guard: { period: billing.period } });
  if (numbered.outcome === 'alreadyBilled') return { outcome: 'alreadyBilled' };
  // Mailed like an invoice an admin creates; a mail failure is reported, the invoice stays.
  const mail = await sendInvoiceMail({ ...invoice, invoiceNumber: numbered.invoiceNumber });
  const currency = invoice.currency ?? DEFAULT_CURRENCY;
  return { outcome: 'billed', invoiceId: invoice.invoiceId, invoiceNumber: numbered.invoiceNumber, amountCents: invoice.amountCents, currency, mail, numberingAttempts: numbered.attempts };
}

export type InvoiceOrOutcome = UnnumberedInvoice | Extract<PayerOutcome, { outcome: 'alreadyBilled' | 'skipped' }>;

/**
 * The read half of billPayer: the payer's invoice for the period, not yet numbered nor written — or why there is none.
 * The billing worker numbers and writes the invoices of a whole batch of payers in one transaction (createNumberedInvoices).
 */
export function preparePayerInvoice(payer: Payer, billing: BillingPeriod, plans: readonly PricingPlan[]): Promise<InvoiceOrOutcome> {
  return payer.type === 'business' ? businessInvoice(payer.businessId, billing, plans) : agencyInvoice(payer, billing, plans);
}

async function businessInvoice(businessId: string, billing: BillingPeriod, plans: readonly PricingPlan[]): Promise<InvoiceOrOutcome> {
  const business = await getBusinessForBilling(businessId);
  if (!business || !isBillable(business)) return { outcome: 'skipped', reason: 'notBillable' };
  const billable = business.billableEmployeeCount ?? 0;
  if (billable === 0) return { outcome: 'skipped', reason: 'noBillableEmployees' };
  // Cheap pre-check; the guard in the numbering transaction decides.
  if (await hasInvoiceForPeriod(businessId, billing.period)) return { outcome: 'alreadyBilled' };
  return {
    invoiceId: newId(),
    businessId,
    businessName: business.name,
    payerType: 'business',
    amountCents: monthlyInvoiceAmount(plans, billable),
    currency: DEFAULT_CURRENCY,
    dueDate: billing.dueDate,
    notes: MONTHLY_INVOICE_NOTE,
    status: 'pending',
    billingPeriod: billing.period,
    billableEmployees: billable,
    ratePerUserCents: businessRatePerUser(plans, billable),
  };
}

async function agencyInvoice(payer: Extract<Payer, { type: 'agency' }>, billing: BillingPeriod, plans: readonly PricingPlan[]): Promise<InvoiceOrOutcome> {
  const agency = await getAgency(payer.agencyId);
  if (!agency) return { outcome: 'skipped', reason: 'notBillable' };
  if (await hasInvoiceForPeriod(payer.agencyId, billing.period)) return { outcome: 'alreadyBilled' };
  const clients = (await getBusinesses(payer.clientIds))
    .filter(isBillable)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((client) => ({ businessId: client.businessId, businessName: client.name, billableEmployees: client.billableEmployeeCount ?? 0 }));
  const amounts = agencyInvoiceAmounts(clients, agencyVolumeTiers(plans));
  if (amounts.lines.length === 0) return { outcome: 'skipped', reason: 'noBillableEmployees' };
  return {
    invoiceId: newId(),
    businessId: payer.agencyId,
    businessName: agency.name,
    payerType: 'agency',
    amountCents: amounts.totalCents,
    currency: DEFAULT_CURRENCY,
    dueDate: billing.dueDate,
    notes: AGENCY_INVOICE_NOTE,
    status: 'pending',
    billingPeriod: billing.period,
    billableEmployees: amounts.billableEmployees,
    lines: amounts.lines,
    subtotalCents: amounts.subtotalCents,
    discountPercent: amounts.tier.discountPercent,
    discountCents: amounts.discountCents,
    discountTierFromUsers: amounts.tier.fromUsers,
  };
}

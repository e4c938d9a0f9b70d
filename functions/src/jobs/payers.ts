// Who the monthly run bills (issue 20 §1): every active, subscribed business that no agency pays for, and every agency
// for the clients billed to it. The planner takes this snapshot when a run starts, so a client that changes hands
// mid-month is billed by whoever holds it then (docs/decisions.md); preparePayerInvoice reads one payer's invoice.
import { addOneMonth, DEFAULT_CURRENCY } from '../../../shared/format';
import { agencyInvoiceAmounts, agencyVolumeTiers, businessRatePerUser, isBillableBusiness, monthlyInvoiceAmount } from '../../../shared/pricing';
import { AGENCY_INVOICE_NOTE, MONTHLY_INVOICE_NOTE } from '../../../shared/schemas/invoice';
import type { PricingPlan } from '../../../shared/schemas/plan';
import { getAgency, getBusinesses, listClientLinks } from '../agency/repository';
import { newId } from '../lib/ids';
import { clientsBilledFor, getBusinessForBilling, hasInvoiceForPeriod, invoiceGuardOf, listAllAgencies, listAllBusinesses, reguardAgencyClients, type UnnumberedInvoice } from '../invoices/billing-repository';

export type Payer = { type: 'business'; businessId: string } | { type: 'agency'; agencyId: string; clientIds: string[] };

/** Why a payer gets no invoice this run: billed for the month already, or nothing to bill. */
export type PayerOutcome = { outcome: 'alreadyBilled' } | { outcome: 'skipped'; reason: 'noBillableEmployees' | 'notBillable' };

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

/**
 * The run's payers: one Query of the businesses listing, one of the agencies listing and one per agency for its client
 * links. A client billed to its agency is billed on the agency's invoice only; a business linked to several agencies
 * that bill it is billed by the link made first.
 */
export async function listPayers(): Promise<Payer[]> {
  const [businesses, agencies] = await Promise.all([listAllBusinesses(), listAllAgencies()]);
  const links = (await Promise.all(agencies.map((agency) => listClientLinks(agency.agencyId)))).flat();
  const payerOfClient = new Map<string, string>();
  for (const link of [...links].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (link.billedTo !== 'direct' && !payerOfClient.has(link.businessId)) payerOfClient.set(link.businessId, link.agencyId);
  }
  const billable = businesses.filter(isBillableBusiness);
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

export type InvoiceOrOutcome = UnnumberedInvoice | PayerOutcome;

/**
 * The payer's invoice for the period, not yet numbered nor written — or why there is none. The billing worker numbers
 * and writes the invoices of a whole batch of payers in one transaction (createNumberedInvoices), then guards an agency
 * invoice's clients (guardClients).
 */
export function preparePayerInvoice(payer: Payer, billing: BillingPeriod, plans: readonly PricingPlan[]): Promise<InvoiceOrOutcome> {
  return payer.type === 'business' ? businessInvoice(payer.businessId, billing, plans) : agencyInvoice(payer, billing, plans);
}

async function businessInvoice(businessId: string, billing: BillingPeriod, plans: readonly PricingPlan[]): Promise<InvoiceOrOutcome> {
  const business = await getBusinessForBilling(businessId);
  if (!business || !isBillableBusiness(business)) return { outcome: 'skipped', reason: 'notBillable' };
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
  const guard = await invoiceGuardOf(payer.agencyId, billing.period);
  if (guard) {
    await reguardAgencyClients(guard);
    return { outcome: 'alreadyBilled' };
  }
  // A client billed this period already (on its own invoice before it joined the agency, or on another agency's)
  // is left out: every client is billed once a month, by whoever held it at its first run.
  const billedElsewhere = await clientsBilledFor(payer.clientIds, billing.period);
  const clients = (await getBusinesses(payer.clientIds.filter((id) => !billedElsewhere.has(id))))
    .filter(isBillableBusiness)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((client) => ({ businessId: client.businessId, businessName: client.name, billableEmployees: client.billableEmployeeCount ?? 0 }));
  // The agency's assigned plan (an admin's choice) gives the tiers, else the first active agency plan.
  const amounts = agencyInvoiceAmounts(clients, agencyVolumeTiers(plans, agency.planId));
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

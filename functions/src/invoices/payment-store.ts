// The payments Lambda's data access, with the plain document client (no ElectroDB in this Lambda, as on the card page:
// the Stripe SDK's ~240 KB and ElectroDB's ~218 KB would not fit its 400 KB budget together). Reading an invoice, its
// status changes and payment (conditional on the stored status), the webhook's event dedupe and the billing contact
// live here for every caller (admin and the monthly job too), so each access pattern has one implementation; listing
// and deletion stay with ElectroDB in repository.ts. Each write is the one ElectroDB would send (payment-keys.test.ts,
// payment-store.test.ts), so either side reads what the other wrote.
import { DeleteCommand, PutCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { canTransition, invoiceStatuses, type InvoiceStatus } from '../../../shared/schemas/invoice';
import type { BusinessRecord } from '../business/repository';
import { brandOfBusiness, type ClientBrand } from '../agency/brand';
import { siteOriginForBrand } from '../domain-records/client-origin';
import { dynamo, tableName } from '../data/client';
import { isConditionalFailure } from '../data/conditional';
import { invoiceAttributes, isUnpaidInvoiceStatus, paymentKeys, paymentStamps, unappliedPaymentListingKeys, unpaidInvoiceKeys } from '../data/payment-keys';
import { getItemOf } from '../data/plain-item';
import type { EntityItem } from 'electrodb';
import type { Db } from '../data/entities';
import type { InvoiceRecord } from './repository';

export type UnappliedPaymentRecord = EntityItem<Db['unappliedPayment']>;

/** A handled webhook event is kept this long (the table's TTL then removes it); Stripe retries for 3 days. */
const PAYMENT_EVENT_DAYS = 30;

/** Consistent, so a payment just recorded reads back as paid. Only the entity's attributes, as ElectroDB returns them. */
export async function getInvoice(invoiceId: string): Promise<InvoiceRecord | null> {
  const item = await getItemOf<Record<string, unknown>>(paymentKeys.invoice(invoiceId), 'invoice', true);
  if (!item) return null;
  // A string set arrives as a Set; ElectroDB returns it as an array.
  return Object.fromEntries(invoiceAttributes.filter((name) => name in item).map((name) => [name, item[name] instanceof Set ? [...item[name]] : item[name]])) as InvoiceRecord;
}

/** `SET #a = :a, …` with its names and values, for each attribute of `set`. */
function setClause(set: Record<string, unknown>) {
  return {
    expression: `SET ${Object.keys(set).map((name) => `#${name} = :${name}`).join(', ')}`,
    names: Object.fromEntries(Object.keys(set).map((name) => [`#${name}`, name])),
    values: Object.fromEntries(Object.entries(set).map(([name, value]) => [`:${name}`, value])),
  };
}

/** An update that only happens when its condition holds: false when it does not. */
async function updateIf(update: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: tableName(), ...update }));
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Writes the item unless one with its key exists: false when it did. */
async function putIfAbsent(item: Record<string, unknown>): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** The condition that the stored invoice's status is one of `statuses`, with its placeholders. */
function statusIn(statuses: InvoiceStatus[]) {
  const values = Object.fromEntries(statuses.map((status, i) => [`:from${i}`, status]));
  return { condition: `attribute_exists(pk) AND #status IN (${Object.keys(values).join(', ')})`, values };
}

/** The statuses from which `to` may be reached (spec 2 §4). */
export function statusesLeadingTo(to: InvoiceStatus): InvoiceStatus[] {
  return invoiceStatuses.filter((from) => canTransition(from, to));
}

/**
 * Sets `to` (and `changes`) only if the stored status may lead to it; false when it may not (another change came first)
 * or there is no such invoice. As ElectroDB's patch does: undefined values are left out, `updatedAt` is set to now, and
 * the invoice's id and entity stamp are set again. The sparse `unpaid` index (gsi3) moves in the same write: a paid or
 * void invoice loses its keys; an unpaid one (overdue) gets them for its status, on condition that the stored due date
 * is the one they are built from (ElectroDB's patch with `composite({ dueDate })` does both the same way).
 */
async function moveStatus(invoice: { invoiceId: string; dueDate?: string }, to: InvoiceStatus, changes: Record<string, unknown> = {}): Promise<boolean> {
  const { invoiceId, dueDate } = invoice;
  const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
  const unpaid = isUnpaidInvoiceStatus(to);
  if (unpaid && dueDate === undefined) throw new Error(`An invoice moved to ${to} needs its due date for its unpaid-index keys`);
  const keys = unpaid ? unpaidInvoiceKeys({ status: to, dueDate: dueDate!, invoiceId }) : {};
  const set = setClause({ ...Object.fromEntries(defined), status: to, ...keys, updatedAt: new Date().toISOString(), ...paymentStamps.invoicePatch(invoiceId) });
  const from = statusIn(statusesLeadingTo(to));
  return updateIf({
    Key: paymentKeys.invoice(invoiceId),
    UpdateExpression: unpaid ? set.expression : `${set.expression} REMOVE #gsi3pk, #gsi3sk`,
    ConditionExpression: unpaid ? `${from.condition} AND #dueDate = :dueDate` : from.condition,
    ExpressionAttributeNames: { ...set.names, ...(unpaid ? { '#dueDate': 'dueDate' } : { '#gsi3pk': 'gsi3pk', '#gsi3sk': 'gsi3sk' }) },
    ExpressionAttributeValues: { ...set.values, ...from.values, ...(unpaid ? { ':dueDate': dueDate } : {}) },
  });
}

/** Mark Overdue, Void: false when the stored status does not allow it (or, for overdue, its due date is not `dueDate`). */
export function transitionInvoice(invoice: { invoiceId: string; dueDate: string }, to: Exclude<InvoiceStatus, 'paid'>): Promise<boolean> {
  return moveStatus(invoice, to);
}

/**
 * Notes a Checkout Session opened for the invoice, only while the invoice can still be paid; false when it cannot
 * (voided meanwhile): the caller expires the session again.
 */
export function addCheckoutSession(invoiceId: string, stripeSessionId: string): Promise<boolean> {
  const set = setClause({ updatedAt: new Date().toISOString(), ...paymentStamps.invoicePatch(invoiceId) });
  const from = statusIn(statusesLeadingTo('paid'));
  return updateIf({
    Key: paymentKeys.invoice(invoiceId),
    UpdateExpression: `${set.expression} ADD #sessions :session`,
    ConditionExpression: from.condition,
    ExpressionAttributeNames: { ...set.names, '#status': 'status', '#sessions': 'checkoutSessionIds' },
    ExpressionAttributeValues: { ...set.values, ...from.values, ':session': new Set([stripeSessionId]) },
  });
}

export interface PaymentRecord {
  paidAt: string;
  paidAmountCents: number;
  stripeSessionId?: string;
  stripePaymentIntentId?: string;
}

/**
 * Marks the invoice paid with its payment, once: only from a status that may become paid. False when it was not
 * (already paid — by this payment or another — or void); the caller reads the invoice to tell which.
 */
export function markInvoicePaid(invoiceId: string, payment: PaymentRecord): Promise<boolean> {
  return moveStatus({ invoiceId }, 'paid', { ...payment });
}

/** How long a receipt claim holds before another caller may send the receipt (a sender that crashed mid-way). */
const RECEIPT_LEASE_MS = 2 * 60_000;

/**
 * Claims the paid invoice's receipt for this caller: true only for one caller at a time, never after it was sent
 * (the webhook, its retries and the return-URL verify all try; one sends).
 */
export function claimReceipt(invoiceId: string, now = new Date()): Promise<boolean> {
  return updateIf({
    Key: paymentKeys.invoice(invoiceId),
    UpdateExpression: 'SET #claimed = :now',
    ConditionExpression: '#status = :paid AND attribute_not_exists(#sent) AND (attribute_not_exists(#claimed) OR #claimed < :stale)',
    ExpressionAttributeNames: { '#claimed': 'receiptClaimedAt', '#sent': 'receiptSentAt', '#status': 'status' },
    ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - RECEIPT_LEASE_MS).toISOString(), ':paid': 'paid' },
  });
}

/** The receipt went out (`sent`), or it failed and may be tried again at once (the claim is given back). */
export async function settleReceipt(invoiceId: string, sent: boolean, now = new Date()): Promise<void> {
  await updateIf({
    Key: paymentKeys.invoice(invoiceId),
    UpdateExpression: sent ? 'SET #sent = :now REMOVE #claimed' : 'REMOVE #claimed',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: sent ? { '#sent': 'receiptSentAt', '#claimed': 'receiptClaimedAt' } : { '#claimed': 'receiptClaimedAt' },
    ...(sent ? { ExpressionAttributeValues: { ':now': now.toISOString() } } : {}),
  });
}

/**
 * Claims the dunning reminder of `stage` days overdue for this caller: true only once per stage and only while the
 * invoice is overdue (a payment or void that came first wins), so racing runs and repeated runs send it once.
 */
export function claimReminder(invoiceId: string, stage: number): Promise<boolean> {
  return updateIf({
    Key: paymentKeys.invoice(invoiceId),
    UpdateExpression: 'ADD #days :stages',
    ConditionExpression: '#status = :overdue AND (attribute_not_exists(#days) OR NOT contains(#days, :stage))',
    ExpressionAttributeNames: { '#days': 'reminderDays', '#status': 'status' },
    ExpressionAttributeValues: { ':stages': new Set([stage]), ':stage': stage, ':overdue': 'overdue' },
  });
}

/** Gives a claimed reminder stage back after its mail failed, so the next daily run sends it again. */
export async function releaseReminder(invoiceId: string, stage: number): Promise<void> {
  await updateIf({
    Key: paymentKeys.invoice(invoiceId),
    UpdateExpression: 'DELETE #days :stages',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#days': 'reminderDays' },
    ExpressionAttributeValues: { ':stages': new Set([stage]) },
  });
}

/** Records that a webhook event was handled; false when it had been already (a retry or a replay). */
export async function claimPaymentEvent(eventId: string, type: string, invoiceId: string | undefined, now = new Date()): Promise<boolean> {
  const item = {
    ...paymentKeys.paymentEvent(eventId),
    ...paymentStamps.paymentEvent(),
    eventId,
    type,
    ...(invoiceId === undefined ? {} : { invoiceId }),
    expiresAt: Math.floor(now.getTime() / 1000) + PAYMENT_EVENT_DAYS * 86400,
    createdAt: now.toISOString(),
  };
  return putIfAbsent(item);
}

/** Lets a failed handling be retried by Stripe: the event is forgotten again. */
export async function releasePaymentEvent(eventId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: paymentKeys.paymentEvent(eventId) }));
}

/**
 * Where an invoice's mails go: a business's billing e-mail, else its owner's (on the business, or their profile) unless
 * that owner is its managing agency's; an agency invoice's payer, the agency's e-mail (Agency Settings), else its
 * owner's. Null without a payer or an address.
 */
export async function billingContactOf(payer: { businessId: string; payerType?: 'business' | 'agency' | undefined }): Promise<string | null> {
  return (await billingPartyOf(payer))?.to ?? null;
}

/** Where mail about a payer's invoices goes, in whose brand, and the origin its links start with. */
export interface BillingRecipient {
  to: string;
  brand: ClientBrand | null;
  /** The agency's active domain for a white-labelled client, else the platform's origin. */
  siteOrigin: string;
}

/**
 * Where mail about a payer's invoices goes, and in whose brand: a white-labelled client billed directly hears from its
 * agency (issue 21), with links on the agency's active domain; an agency, or any other business, from CardCrew.
 */
export async function billingRecipientOf(payer: { businessId: string; payerType?: 'business' | 'agency' | undefined }): Promise<BillingRecipient | null> {
  const party = await billingPartyOf(payer);
  return party?.to ? { to: party.to, brand: party.brand, siteOrigin: await siteOriginForBrand(party.brand) } : null;
}

/**
 * The payer's billing contact (null without an address) and brand, as billingRecipientOf decides them: the payment page
 * shows a white-labelled client's brand even when no address is known. Null without a payer.
 */
export async function billingPartyOf(payer: { businessId: string; payerType?: 'business' | 'agency' | undefined }): Promise<{ to: string | null; brand: ClientBrand | null } | null> {
  let ownerId: string;
  let brand: ClientBrand | null = null;
  if (payer.payerType === 'agency') {
    const agency = await getItemOf<{ ownerId: string; email?: string }>(paymentKeys.agency(payer.businessId), 'agency', true);
    if (!agency) return null;
    if (agency.email) return { to: agency.email, brand };
    ownerId = agency.ownerId;
  } else {
    const business = await getItemOf<Pick<BusinessRecord, 'ownerId' | 'billingEmail' | 'ownerEmail' | 'managingAgencyId' | 'whiteLabelAgencyId' | 'whiteLabelName' | 'whiteLabelSupportEmail' | 'whiteLabelSupportUrl' | 'whiteLabelLogoUrl' | 'whiteLabelFaviconUrl' | 'whiteLabelPrimaryColor' | 'whiteLabelSecondaryColor' | 'whiteLabelAccentColor' | 'whiteLabelSenderDomain'>>(
      paymentKeys.business(payer.businessId),
      'business',
      true,
    );
    if (!business) return null;
    brand = brandOfBusiness(business);
    if (business.billingEmail) return { to: business.billingEmail, brand };
    // A client the agency created has the agency's owner as its owner of record; its own invoices are never the agency's
    // (issue 40: the agency is billed on its own invoice), so without a billing e-mail they have no address.
    if (business.managingAgencyId) {
      const agency = await getItemOf<{ ownerId: string }>(paymentKeys.agency(business.managingAgencyId), 'agency', false);
      if (agency?.ownerId === business.ownerId) return { to: null, brand };
    }
    if (business.ownerEmail) return { to: business.ownerEmail, brand };
    ownerId = business.ownerId;
  }
  const owner = await getItemOf<{ email?: string }>(paymentKeys.profile(ownerId), 'profile', false);
  return { to: owner?.email ?? null, brand };
}

export type NewUnappliedPayment = Omit<UnappliedPaymentRecord, 'status' | 'listing' | 'createdAt' | 'updatedAt' | 'stripeRefundId' | 'refundedAt' | 'refundedBy'>;

/** Keeps a payment that could not be applied, once per Checkout Session; false when it was kept already. */
export async function recordUnappliedPayment(payment: NewUnappliedPayment, now = new Date()): Promise<boolean> {
  const createdAt = now.toISOString();
  const item = {
    ...paymentKeys.unappliedPayment(payment.stripeSessionId),
    ...unappliedPaymentListingKeys(payment.stripeSessionId, createdAt),
    ...paymentStamps.unappliedPayment(),
    ...Object.fromEntries(Object.entries(payment).filter(([, value]) => value !== undefined)),
    status: 'unapplied',
    createdAt,
    updatedAt: createdAt,
  };
  return putIfAbsent(item);
}

/** Consistent, so a refund just recorded reads back as refunded. */
export async function getUnappliedPayment(stripeSessionId: string): Promise<UnappliedPaymentRecord | null> {
  return getItemOf<UnappliedPaymentRecord>(paymentKeys.unappliedPayment(stripeSessionId), 'unappliedPayment', true);
}

/** Records the refund of an unapplied payment, once: false when it was refunded already. */
export function markUnappliedPaymentRefunded(stripeSessionId: string, refund: { stripeRefundId: string; refundedAt: string; refundedBy: string }): Promise<boolean> {
  const set = setClause({ ...refund, status: 'refunded', updatedAt: refund.refundedAt });
  return updateIf({
    Key: paymentKeys.unappliedPayment(stripeSessionId),
    UpdateExpression: set.expression,
    ConditionExpression: 'attribute_exists(pk) AND #status = :unapplied',
    ExpressionAttributeNames: set.names,
    ExpressionAttributeValues: { ...set.values, ':unapplied': 'unapplied' },
  });
}

// The payments Lambda's data access, with the plain document client (no ElectroDB in this Lambda, as on the card page:
// the Stripe SDK's ~240 KB and ElectroDB's ~218 KB would not fit its 400 KB budget together). Reading an invoice, its
// status changes and payment (conditional on the stored status), the webhook's event dedupe and the billing contact
// live here for every caller (admin and the monthly job too), so each access pattern has one implementation; listing
// and deletion stay with ElectroDB in repository.ts. Each write is the one ElectroDB would send (payment-keys.test.ts,
// payment-store.test.ts), so either side reads what the other wrote.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { canTransition, invoiceStatuses, type InvoiceStatus } from '../../../shared/schemas/invoice';
import type { BusinessRecord } from '../business/repository';
import { dynamo, tableName } from '../data/client';
import { isConditionalFailure } from '../data/conditional';
import { invoiceAttributes, paymentKeys, paymentStamps } from '../data/payment-keys';
import { getItemOf } from '../data/plain-item';
import type { InvoiceRecord } from './repository';

/** A handled webhook event is kept this long (the table's TTL then removes it); Stripe retries for 3 days. */
const PAYMENT_EVENT_DAYS = 30;

/** Consistent, so a payment just recorded reads back as paid. Only the entity's attributes, as ElectroDB returns them. */
export async function getInvoice(invoiceId: string): Promise<InvoiceRecord | null> {
  const item = await getItemOf<Record<string, unknown>>(paymentKeys.invoice(invoiceId), 'invoice', true);
  if (!item) return null;
  return Object.fromEntries(invoiceAttributes.filter((name) => name in item).map((name) => [name, item[name]])) as InvoiceRecord;
}

/** The statuses from which `to` may be reached (spec 2 §4). */
export function statusesLeadingTo(to: InvoiceStatus): InvoiceStatus[] {
  return invoiceStatuses.filter((from) => canTransition(from, to));
}

/**
 * Sets `to` (and `changes`) only if the stored status may lead to it; false when it may not (another change came first)
 * or there is no such invoice. As ElectroDB's patch does: undefined values are left out, `updatedAt` is set to now, and
 * the invoice's id and entity stamp are set again.
 */
async function moveStatus(invoiceId: string, to: InvoiceStatus, changes: Record<string, unknown> = {}): Promise<boolean> {
  const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
  const set: Record<string, unknown> = { ...Object.fromEntries(defined), status: to, updatedAt: new Date().toISOString(), ...paymentStamps.invoicePatch(invoiceId) };
  const from = statusesLeadingTo(to).map((status, i) => [`:from${i}`, status] as const);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: paymentKeys.invoice(invoiceId),
        UpdateExpression: `SET ${Object.keys(set).map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND #status IN (${from.map(([placeholder]) => placeholder).join(', ')})`,
        ExpressionAttributeNames: Object.fromEntries(Object.keys(set).map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: { ...Object.fromEntries(Object.entries(set).map(([name, value]) => [`:${name}`, value])), ...Object.fromEntries(from) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Mark Overdue, Void: false when the stored status does not allow it. */
export function transitionInvoice(invoiceId: string, to: Exclude<InvoiceStatus, 'paid'>): Promise<boolean> {
  return moveStatus(invoiceId, to);
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
  return moveStatus(invoiceId, 'paid', { ...payment });
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
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Lets a failed handling be retried by Stripe: the event is forgotten again. */
export async function releasePaymentEvent(eventId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: paymentKeys.paymentEvent(eventId) }));
}

/** The billing e-mail, else the owner's (on the business, or their profile); null without a business or an address. */
export async function billingContactOf(businessId: string): Promise<string | null> {
  const business = await getItemOf<Pick<BusinessRecord, 'ownerId' | 'billingEmail' | 'ownerEmail'>>(paymentKeys.business(businessId), 'business', true);
  if (!business) return null;
  if (business.billingEmail) return business.billingEmail;
  if (business.ownerEmail) return business.ownerEmail;
  const owner = await getItemOf<{ email?: string }>(paymentKeys.profile(business.ownerId), 'profile', false);
  return owner?.email ?? null;
}

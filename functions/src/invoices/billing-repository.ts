// Access patterns of invoice billing: the businesses the monthly run bills, its guard pre-check, and the numbered write
// every new invoice goes through (monthly run, Create Invoice), which takes a number only with the invoice it names;
// and of dunning: the unpaid invoices past their due date, and the one-off backfill of their index.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { formatInvoiceNumber, invoiceStatuses } from '../../../shared/schemas/invoice';
import { dynamo, tableName } from '../data/client';
import { isConditionalFailure } from '../data/conditional';
import { db, type Db } from '../data/entities';
import { isUnpaidInvoiceStatus, paymentKeys, unpaidInvoiceKeys } from '../data/payment-keys';
import { AppError } from '../lib/errors';
import { invoiceSearchText } from './repository';

export type InvoiceRecord = EntityItem<Db['invoice']>;

/** Every business, oldest first, from the gsi2 `businesses` listing (the job bills the active ones). */
export async function listAllBusinesses() {
  const { data } = await db().business.query.all({ listing: 'businesses' }).go({ pages: 'all' });
  return data;
}

/** The business fields a monthly bill reads, consistently (the counters move with every employee change). */
export async function getBusinessForBilling(businessId: string) {
  const { data } = await db()
    .business.get({ businessId })
    .go({ consistent: true, attributes: ['businessId', 'name', 'isActive', 'subscriptionStatus', 'billableEmployeeCount'] });
  return data;
}

/** Every agency, from the gsi2 `agencies` listing. */
export async function listAllAgencies() {
  const { data } = await db().agency.query.all({ listing: 'agencies' }).go({ pages: 'all', attributes: ['agencyId', 'name'] });
  return data;
}

/** True when the payer (a business, or an agency) already has its invoice for this period (cheap pre-check; the guard decides). */
export async function hasInvoiceForPeriod(payerId: string, period: string): Promise<boolean> {
  return (await invoiceGuardOf(payerId, period)) !== null;
}

/** The payer's monthly guard for the period (it names the invoice that billed it), read consistently; null before. */
export async function invoiceGuardOf(payerId: string, period: string) {
  const { data } = await db().invoiceGuard.get({ businessId: payerId, period }).go({ consistent: true });
  return data;
}

/**
 * The clients among these that already have a guard for the period: billed on their own invoice, or on an agency's
 * (BatchGetItem, 100 keys a request). An agency invoice leaves them out, so a client is billed once a month.
 */
export async function clientsBilledFor(clientIds: string[], period: string): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const { data, unprocessed } = await db()
    .invoiceGuard.get(clientIds.map((businessId) => ({ businessId, period })))
    .go({ consistent: true, concurrency: 5 });
  if (unprocessed.length > 0) throw new Error('Some invoice guards could not be read');
  return new Set(data.map((guard) => guard.businessId));
}

/**
 * Guards each client on an agency's invoice for the period, naming that invoice (BatchWriteItem, 25 a request), so a
 * client that turns direct, or moves to another agency, later in the month is not billed for it again.
 */
export async function guardClients(clientIds: string[], period: string, invoiceId: string): Promise<void> {
  if (clientIds.length === 0) return;
  const { unprocessed } = await db()
    .invoiceGuard.put(clientIds.map((businessId) => ({ businessId, period, invoiceId })))
    .go({ concurrency: 5 });
  if (unprocessed.length > 0) throw new Error('Some client guards could not be written');
}

/** Guards the clients of an agency's invoice for the period again (a retry after a crash between invoice and guards). */
export async function reguardAgencyClients(guard: { invoiceId: string; period: string }): Promise<void> {
  const { data: invoice } = await db().invoice.get({ invoiceId: guard.invoiceId }).go({ consistent: true, attributes: ['lines'] });
  await guardClients((invoice?.lines ?? []).map((line) => line.businessId), guard.period, guard.invoiceId);
}

/** An invoice before it is numbered: the number (and the search text that contains it) comes with the write. */
export type UnnumberedInvoice = Omit<Parameters<Db['invoice']['create']>[0], 'invoiceNumber' | 'searchText'>;

export type NumberedInvoiceOutcome = { outcome: 'created'; invoiceNumber: string; attempts: number } | { outcome: 'alreadyBilled'; attempts: number };

/** The sequence that numbers every invoice (monthly, Create Invoice, agency billing). */
const INVOICE_SEQUENCE = 'invoice';
/** Attempts before giving up when other writers keep taking the next number first (each costs two round trips). */
export const MAX_NUMBERING_ATTEMPTS = 25;

/** The last invoice number issued (0 before the first), read consistently. */
export async function lastInvoiceSequenceValue(): Promise<number> {
  const { data } = await db().sequence.get({ name: INVOICE_SEQUENCE }).go({ consistent: true });
  return data?.value ?? 0;
}

/** Full jitter on an exponential ceiling (5 ms doubling to 100 ms), so racing writers spread out. */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));

/**
 * Creates an invoice with the next number, gapless: one transaction sets the sequence to N+1 on condition it is still
 * N, writes the monthly guard when given (so a business is billed once per period), and the invoice numbered N+1. A
 * number is only taken with its invoice: a lost guard takes none ('alreadyBilled'); a lost race for the number
 * re-reads the sequence and tries again (at most MAX_NUMBERING_ATTEMPTS times).
 */
export async function createNumberedInvoice(invoice: UnnumberedInvoice, options: { year: number; guard?: { period: string } }): Promise<NumberedInvoiceOutcome> {
  const { guard, year } = options;
  for (let attempt = 1; attempt <= MAX_NUMBERING_ATTEMPTS; attempt++) {
    const current = await lastInvoiceSequenceValue();
    const invoiceNumber = formatInvoiceNumber(current + 1, year);
    const result = await db()
      .service.transaction.write(({ sequence, invoiceGuard, invoice: inv }) => [
        sequence
          .put({ name: INVOICE_SEQUENCE, value: current + 1 })
          .where((attr, { notExists, eq }) => `${notExists(attr.value)} OR ${eq(attr.value, current)}`)
          .commit(),
        ...(guard ? [invoiceGuard.create({ businessId: invoice.businessId, period: guard.period, invoiceId: invoice.invoiceId }).commit()] : []),
        inv.create({ ...invoice, invoiceNumber, searchText: invoiceSearchText(invoiceNumber, invoice.businessName) }).commit(),
      ])
      .go();
    if (!result.canceled) return { outcome: 'created', invoiceNumber, attempts: attempt };
    const codes: string[] = result.data.map((item) => item.code);
    // The guard exists: another run billed this period. Checked first: it decides even when the number was lost too.
    if (guard && codes[1] === 'ConditionalCheckFailed') return { outcome: 'alreadyBilled', attempts: attempt };
    // The sequence moved on (or another transaction held one of the items): nothing was written; number again.
    const numberTaken = codes[0] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict');
    if (!numberTaken) throw new Error(`Invoice transaction was cancelled: ${JSON.stringify(codes)}`);
    if (attempt < MAX_NUMBERING_ATTEMPTS) await backoff(attempt);
  }
  throw new AppError('CONFLICT', 'Too many invoices are being numbered at once. Try again.');
}

/** TransactWriteItems takes 100 items: the sequence plus a guard and an invoice per payer. */
export const MAX_INVOICES_PER_NUMBERING = 49;

export type BatchNumberingOutcome = Map<string, { outcome: 'created'; invoiceNumber: string } | { outcome: 'alreadyBilled' }>;

/**
 * Numbers and writes the invoices of several payers for one period in one transaction, gapless as createNumberedInvoice:
 * the sequence Put from N to N+k on `value = N`, and for each payer its monthly guard (attribute_not_exists) and its
 * invoice numbered N+i. One sequence update per batch instead of one per invoice, so the racing writers of a fan-out
 * take the number k times less often. A payer whose guard exists is dropped as already billed and the rest numbered
 * again; a lost race for the number re-reads the sequence and tries again. Returns each invoice id's outcome.
 */
export async function createNumberedInvoices(invoices: readonly UnnumberedInvoice[], options: { year: number; period: string }): Promise<BatchNumberingOutcome> {
  if (invoices.length > MAX_INVOICES_PER_NUMBERING) throw new Error(`At most ${MAX_INVOICES_PER_NUMBERING} invoices per numbering transaction`);
  const outcomes: BatchNumberingOutcome = new Map();
  let pending = [...invoices];
  for (let attempt = 1; pending.length > 0; attempt++) {
    const current = await lastInvoiceSequenceValue();
    const numbered = pending.map((invoice, i) => ({ invoice, invoiceNumber: formatInvoiceNumber(current + 1 + i, options.year) }));
    const result = await db()
      .service.transaction.write(({ sequence, invoiceGuard, invoice: inv }) => [
        sequence
          .put({ name: INVOICE_SEQUENCE, value: current + numbered.length })
          .where((attr, { notExists, eq }) => `${notExists(attr.value)} OR ${eq(attr.value, current)}`)
          .commit(),
        ...numbered.flatMap(({ invoice, invoiceNumber }) => [
          invoiceGuard.create({ businessId: invoice.businessId, period: options.period, invoiceId: invoice.invoiceId }).commit(),
          inv.create({ ...invoice, invoiceNumber, searchText: invoiceSearchText(invoiceNumber, invoice.businessName) }).commit(),
        ]),
      ])
      .go();
    if (!result.canceled) {
      for (const { invoice, invoiceNumber } of numbered) outcomes.set(invoice.invoiceId, { outcome: 'created', invoiceNumber });
      return outcomes;
    }
    const codes: string[] = result.data.map((item) => item.code);
    // Guards that exist: those payers were billed for the period by another run. They decide first, as for one invoice.
    const billed = new Set(numbered.filter((_, i) => codes[1 + 2 * i] === 'ConditionalCheckFailed').map(({ invoice }) => invoice.invoiceId));
    if (billed.size > 0) {
      for (const invoiceId of billed) outcomes.set(invoiceId, { outcome: 'alreadyBilled' });
      pending = pending.filter((invoice) => !billed.has(invoice.invoiceId));
      continue;
    }
    const numberTaken = codes[0] === 'ConditionalCheckFailed' || codes.includes('TransactionConflict');
    if (!numberTaken) throw new Error(`Invoice transaction was cancelled: ${JSON.stringify(codes)}`);
    if (attempt >= MAX_NUMBERING_ATTEMPTS) throw new AppError('CONFLICT', 'Too many invoices are being numbered at once. Try again.');
    await backoff(attempt);
  }
  return outcomes;
}

/** Throws the data layer's validation error when an invoice could not be written (checked before it joins a batch). */
export function assertInvoiceWritable(invoice: UnnumberedInvoice): void {
  db().invoice.create({ ...invoice, invoiceNumber: formatInvoiceNumber(1, 2000), searchText: '' }).params();
}

export async function listInvoicesOfBusiness(businessId: string): Promise<InvoiceRecord[]> {
  const { data } = await db().invoice.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}

/** The unpaid statuses, one `unpaid` index partition each. */
const unpaidInvoiceStatuses = invoiceStatuses.filter(isUnpaidInvoiceStatus);

/**
 * Every pending or overdue invoice due before `date` (YYYY-MM-DD), from the sparse `unpaid` index (gsi3): one Query per
 * unpaid status, `gsi3sk < date`, so the dunning job reads only unpaid invoices past their due date — never a paid,
 * void or not-yet-due one.
 */
export async function listUnpaidInvoicesDueBefore(date: string): Promise<InvoiceRecord[]> {
  const pages = await Promise.all(
    unpaidInvoiceStatuses.map((status) => db().invoice.query.unpaid({ status }).lt({ dueDate: date }).go({ pages: 'all' })),
  );
  // An invoice a racing run moved to overdue between the two Queries is in both: it is handled once.
  const byId = new Map(pages.flatMap(({ data }) => data).map((invoice) => [invoice.invoiceId, invoice]));
  return [...byId.values()];
}

/** A stored invoice with its gsi3 keys, if it has them. */
export type InvoiceWithIndexKeys = InvoiceRecord & { gsi3pk?: string; gsi3sk?: string };

/**
 * A page of every pending or overdue invoice with its stored keys, from the gsi2 `invoices` listing with a status
 * filter: the whole listing, read once by the unpaid index's backfill (what the dunning job read daily before it).
 */
export async function listUnpaidInvoicesWithKeys(cursor: string | null): Promise<{ data: InvoiceWithIndexKeys[]; cursor: string | null }> {
  const page = await db()
    .invoice.query.all({ listing: 'invoices' })
    .where((attr, { eq }) => `${eq(attr.status, 'pending')} OR ${eq(attr.status, 'overdue')}`)
    .go({ cursor, data: 'includeKeys' });
  return { data: page.data as InvoiceWithIndexKeys[], cursor: page.cursor };
}

/**
 * Gives an unpaid invoice its `unpaid` index keys (written before the index existed), without touching anything else
 * (not `updatedAt`): only while its status and due date are still the ones read, so a payment or void that came in
 * between is never undone. False when it moved on.
 */
export async function indexUnpaidInvoice(invoice: { invoiceId: string; status: InvoiceRecord['status']; dueDate: string }): Promise<boolean> {
  const keys = unpaidInvoiceKeys(invoice);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: paymentKeys.invoice(invoice.invoiceId),
        UpdateExpression: 'SET #gsi3pk = :gsi3pk, #gsi3sk = :gsi3sk',
        ConditionExpression: 'attribute_exists(pk) AND #status = :status AND #dueDate = :dueDate',
        ExpressionAttributeNames: { '#gsi3pk': 'gsi3pk', '#gsi3sk': 'gsi3sk', '#status': 'status', '#dueDate': 'dueDate' },
        ExpressionAttributeValues: { ':gsi3pk': keys.gsi3pk, ':gsi3sk': keys.gsi3sk, ':status': invoice.status, ':dueDate': invoice.dueDate },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

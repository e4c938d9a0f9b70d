// Access patterns of businesses, employees and cards (docs/access-patterns.md).
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CreateEntityItem, EntityItem } from 'electrodb';
import * as z from '../../../shared/zod';
import { dynamo, tableName } from '../data/client';
import { db, type Db } from '../data/entities';
import { AppError, invalidCursor } from '../lib/errors';
import { messages } from '../../../shared/messages';
import { auditPut, type AuditChange } from '../audit/audit-entry';
import { businessClosed, businessScans, cardScans, openBusinessCardDays, scansOf } from '../scan-totals/open-days';

export type BusinessRecord = EntityItem<Db['business']>;
export type EmployeeRecord = EntityItem<Db['employee']>;
export type CardRecord = EntityItem<Db['card']>;
export type NewBusiness = CreateEntityItem<Db['business']>;
export type NewEmployee = CreateEntityItem<Db['employee']>;
export type NewCard = CreateEntityItem<Db['card']>;

/** Creates a business, its scan total, its billing-email and owner guards and the owner membership in one transaction. */
export async function createBusinessWithOwner(business: NewBusiness & { billingEmail: string }): Promise<void> {
  const { service } = db();
  const result = await service.transaction
    .write(({ business: b, billingEmailGuard, businessOwnerGuard, membership, businessScanTotal }) => [
      b.create(business).commit(),
      billingEmailGuard.create({ billingEmail: business.billingEmail, businessId: business.businessId }).commit(),
      businessOwnerGuard.create({ ownerId: business.ownerId, businessId: business.businessId }).commit(),
      membership
        .create({ userId: business.ownerId, scopeType: 'business', scopeId: business.businessId, role: 'owner' })
        .commit(),
      businessScanTotal.create({ businessId: business.businessId, scanCount: 0 }).commit(),
    ])
    .go();
  if (result.canceled) {
    const [businessResult, guardResult, ownerResult, membershipResult] = result.data;
    if (guardResult?.rejected) throw new AppError('BILLING_EMAIL_TAKEN', messages.businessForm.emailTaken, { billingEmail: messages.businessForm.emailTaken });
    if (ownerResult?.rejected || membershipResult?.rejected || businessResult?.rejected) throw new AppError('CONFLICT', 'You already have a business.');
    // Lost a race with another write on the same items (TransactionConflict): nothing was written.
    throw new AppError('CONFLICT', messages.businessForm.saveFailed);
  }
}

/** One business by id (strongly consistent: used right after writes). */
export async function getBusiness(businessId: string): Promise<BusinessRecord | null> {
  const { data } = await db().business.get({ businessId }).go({ consistent: true });
  return data;
}

/** A business's scan total (0 when it has none yet). */
/** A business's scans: its closed total and its open days (functions/src/scan-totals/open-days.ts). */
export function getBusinessScanTotal(businessId: string): Promise<number> {
  return businessScans(businessId);
}

/** One employee of a dashboard page with its card and the card's scan total. */
export interface DashboardEntry {
  employee: EmployeeRecord;
  card: CardRecord | null;
  cardScanCount: number;
}

export interface DashboardPage {
  business: BusinessRecord | null;
  businessScanCount: number;
  entries: DashboardEntry[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

/** Employees per dashboard page: 50 cards fill a desktop grid several rows deep and keep a page near 150 KB. */
export const DASHBOARD_PAGE_SIZE = 50;
/** Items per employee group on gsi1: the employee, its card, the card's scan total. */
const GROUP_SIZE = 3;
const GROUP_PREFIX = '$dashboard#employeeorder_';
/** Sorts after every entity-name suffix of a group (entity names are letters) and after every group. */
const AFTER = '~';
const cursorSchema = z.strictObject({ after: z.string().check(z.minLength(GROUP_PREFIX.length + 1), z.maxLength(300), z.startsWith(GROUP_PREFIX)) });

export function encodeDashboardCursor(groupKey: string): string {
  return Buffer.from(JSON.stringify({ after: groupKey })).toString('base64url');
}

/** A cursor the client cannot have been given is a validation error (400), never a bad key (500). */
export function decodeDashboardCursor(cursor: string): string {
  try {
    const decoded = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (decoded.success && encodeDashboardCursor(decoded.data.after) === cursor) return decoded.data.after;
  } catch {
    // falls through to the validation error
  }
  throw invalidCursor();
}

type RawItem = Record<string, unknown> & { gsi1sk: string; __edb_e__: string };

/** `$dashboard#employeeorder_<order>` of an employee-group item; null for the business and its scan total. */
function groupKeyOf(item: RawItem): string | null {
  if (!item.gsi1sk.startsWith(GROUP_PREFIX)) return null;
  return item.gsi1sk.slice(0, item.gsi1sk.lastIndexOf('#'));
}

/**
 * One page of the dashboard: one Query of the gsi1 `dashboard` collection for `pageSize` complete employee
 * groups (employee + card + scan total sort together, see entities.ts). The first page's range starts with
 * the business (and its pre-issue-25 scan total item, unused); a later page starts after the cursor's group and reads
 * the business with one BatchGetItem in the same flight. A group the Query's Limit or 1 MB cap cut is left for the
 * next page. Beside them, the business's closed scans (its latest day item, one Query); then one Query of its open
 * card-days (issue 25 §2): the totals are closed figures plus the days still open.
 */
export async function getDashboardPage(businessId: string, cursor?: string, pageSize: number = DASHBOARD_PAGE_SIZE): Promise<DashboardPage> {
  const entities = db();
  const after = cursor === undefined ? null : decodeDashboardCursor(cursor);
  const pk = entities.business.get({ businessId }).params<{ Key: Record<string, string> }>().Key;
  // The partition key as ElectroDB builds it for the collection (keys are built in entities.ts, nowhere else).
  const gsi1pk = entities.service.collections.dashboard({ businessId }).params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues[':pk'];
  // The business's closed scans (its latest day item), read beside the page.
  const closedRead = businessClosed(businessId);
  // One extra group tells whether more follow; the first page also holds the business and its scan total.
  const limit = (pageSize + 1) * GROUP_SIZE + (after === null ? 2 : 0);

  const headRead =
    after === null
      ? Promise.resolve(null)
      : dynamo()
          .send(
            new BatchGetCommand({
              RequestItems: {
                // The business only: its scans are its closed figures (its latest day item) plus its open days.
                [tableName()]: { Keys: [pk] },
              },
            }),
          )
          .then((r) => (r.Responses?.[tableName()] ?? []) as RawItem[]);

  const items: RawItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: after === null ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues:
          after === null ? { ':pk': gsi1pk, ':prefix': '$dashboard#' } : { ':pk': gsi1pk, ':from': `${after}#${AFTER}`, ':to': `$dashboard#${AFTER}` },
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as RawItem[]));
    startKey = page.LastEvaluatedKey;
    // Only a single group larger than 1 MB (items of up to 400 KB each) can leave no complete group:
    // then, and only then, read on rather than return an empty page that points to itself.
  } while (startKey !== undefined && new Set(items.map(groupKeyOf).filter((k) => k !== null)).size < 2);
  // The Query stopped early (Limit or 1 MB): the trailing group may be cut, so it starts the next page.
  const lastGroupCut = startKey !== undefined;
  let more = lastGroupCut;

  // Group the items; the trailing group may be cut when the Query stopped early.
  const grouped = new Map<string, RawItem[]>();
  const head: RawItem[] = [];
  for (const item of items) {
    const key = groupKeyOf(item);
    if (key === null) head.push(item);
    else grouped.set(key, [...(grouped.get(key) ?? []), item]);
  }
  let keys = [...grouped.keys()];
  if (lastGroupCut) keys = keys.slice(0, -1);
  if (keys.length > pageSize) {
    keys = keys.slice(0, pageSize);
    more = true;
  }

  const headItems = after === null ? head : await headRead ?? [];
  const ofEntity = (raw: RawItem[], name: string) => raw.filter((i) => i.__edb_e__ === name);
  const business = entities.business.parse({ Items: ofEntity(headItems, 'business') }).data[0] ?? null;
  // Totals are closed figures plus the open days: one Query of the business's card-days after its closedThrough.
  const closed = await closedRead;
  const openDays = await openBusinessCardDays(businessId, closed);
  const businessScanCount = scansOf(closed, openDays);
  const openDaysByCard = new Map<string, typeof openDays>();
  for (const d of openDays) openDaysByCard.set(d.cardId, [...(openDaysByCard.get(d.cardId) ?? []), d]);

  const entries: DashboardEntry[] = [];
  for (const key of keys) {
    const group = grouped.get(key) ?? [];
    const employee = entities.employee.parse({ Items: ofEntity(group, 'employee') }).data[0];
    if (!employee) continue;
    const card = entities.card.parse({ Items: ofEntity(group, 'card') }).data[0] ?? null;
    const cardTotal = ofEntity(group, 'cardScanTotal')[0] ?? null;
    const cardScanCount = card ? scansOf(cardTotal, openDaysByCard.get(card.cardId) ?? []) : 0;
    entries.push({ employee, card, cardScanCount });
  }
  const lastKey = keys[keys.length - 1];
  return { business, businessScanCount, entries, nextCursor: more && lastKey ? encodeDashboardCursor(lastKey) : null };
}

/** The dashboard order of an employee: `<createdAt>#<employeeId>` (fixed width, so no order is a prefix of another). */
export function employeeOrderOf(createdAt: string, employeeId: string): string {
  return `${createdAt}#${employeeId}`;
}

/** The business is gone, or its settings changed after the card's copy of them was taken (the caller re-reads). */
export class StaleBrandError extends AppError {
  constructor() {
    super('CONFLICT', 'The business changed while the card was being created. Please try again.');
  }
}

/** Another transaction held one of the items (DynamoDB's TransactionConflict): nothing was written, a retry may pass. */
export class TransactionConflictError extends AppError {
  constructor() {
    super('CONFLICT', 'The employee could not be created. Please try again.');
  }
}

/** A condition of the caller's extra items failed (their indexes in `extra`'s list): nothing was written. */
export class ExtraItemsRejectedError extends Error {
  constructor(readonly indexes: number[]) {
    super(`extra transaction items rejected: ${indexes.join(', ')}`);
    this.name = 'ExtraItemsRejectedError';
  }
}

/** An item of a service transaction (what an entity's `.commit()` returns), for callers adding their own items. */
export type TransactionItem = unknown;
/** The entities a service transaction's callback gets (only they have `.commit()`). */
export type TransactionEntities = Parameters<Parameters<Db['service']['transaction']['write']>[0]>[0];

type BrandVersionAttr = { brandVersion: unknown };
type ConditionOps = { eq: (attr: never, value: number) => string; notExists: (attr: never) => string };

/** A write condition: the business's brandVersion is still `version` (absent counts as 0, for older items). */
export function sameBrandVersion(attr: BrandVersionAttr, op: ConditionOps, version: number): string {
  const eq = op.eq(attr.brandVersion as never, version);
  return version === 0 ? `(${op.notExists(attr.brandVersion as never)} OR ${eq})` : eq;
}

/** Some of the employees' e-mail addresses were taken in the business meanwhile (their guards refused the write). */
export class EmailsTakenError extends AppError {
  constructor(readonly indexes: number[]) {
    super('CONFLICT', messages.employee.emailTaken, { email: messages.employee.emailTaken });
  }
}

export interface EmployeeWithCard {
  employee: Omit<NewEmployee, 'employeeOrder'>;
  card: Omit<NewCard, 'employeeOrder'>;
}

/** The audit entry of a creation: the one employee added, or the batch an import added (its size as the label). */
function auditOfCreation(items: EmployeeWithCard[], action: 'employee.created' | 'employees.imported'): AuditChange {
  const { employee } = items[0]!;
  return action === 'employee.created' && items.length === 1
    ? { businessId: employee.businessId, action, target: { type: 'employee', id: employee.employeeId, label: employee.name } }
    : { businessId: employee.businessId, action: 'employees.imported', target: { type: 'business', id: employee.businessId, label: items.length === 1 ? '1 employee' : `${items.length} employees` } };
}

/** Employees per transaction: four items each plus the business's counters and the audit entry, within DynamoDB's 100 items. */
export const EMPLOYEES_PER_TRANSACTION = 24;

/**
 * Adds employees of one business with their cards, card scan totals and e-mail guards, and the business counters, in
 * one transaction: all of them are written or none. Every card carries the same copy of the business (brandVersion).
 */
export async function createEmployeesWithCards(
  items: EmployeeWithCard[],
  action: 'employee.created' | 'employees.imported' = 'employee.created',
  /** More items of the same creation (directory sync: the directory user and its userName guard), after the audit entry. */
  extra?: (entities: TransactionEntities) => TransactionItem[],
): Promise<void> {
  const [first] = items;
  if (!first || items.length > EMPLOYEES_PER_TRANSACTION) throw new Error(`1 to ${EMPLOYEES_PER_TRANSACTION} employees per transaction`);
  const { businessId } = first.employee;
  const brandVersion = first.card.brandVersion ?? 0;
  const rows = items.map(({ employee, card }) => {
    const createdAt = employee.createdAt ?? new Date().toISOString();
    return { employee, card, createdAt, employeeOrder: employeeOrderOf(createdAt, employee.employeeId) };
  });
  const sum = (count: (item: EmployeeWithCard) => number) => items.reduce((total, item) => total + count(item), 0);
  const result = await db()
    .service.transaction.write((entities) => {
      const { business, employee: e, card: c, cardScanTotal, employeeEmailGuard, auditEntry } = entities;
      return [
      business
        .update({ businessId })
        .add({
          employeeCount: items.length,
          billableEmployeeCount: sum(({ employee }) => (employee.status === 'draft' ? 0 : 1)),
          cardCount: items.length,
          activeCardCount: sum(({ card }) => (card.isActive ? 1 : 0)),
        })
        .where((attr, op) => `${op.exists(attr.businessId)} AND ${sameBrandVersion(attr, op, brandVersion)}`)
        .commit(),
      ...rows.flatMap(({ employee, card, createdAt, employeeOrder }) => [
        e.create({ ...employee, cardId: card.cardId, createdAt, employeeOrder }).commit(),
        c.create({ ...card, employeeOrder }).commit(),
        cardScanTotal.create({ cardId: card.cardId, businessId, employeeOrder, scanCount: 0 }).commit(),
        employeeEmailGuard.create({ businessId, email: employee.email.toLowerCase(), employeeId: employee.employeeId }).commit(),
      ]),
      // Last, so the indexes above stay as the refusal checks below read them.
      auditPut(auditEntry, auditOfCreation(items, action)),
      ...((extra ? extra(entities) : []) as never[]),
    ];
    })
    .go();
  if (result.canceled) {
    if (result.data[0]?.rejected) throw (await getBusiness(businessId)) ? new StaleBrandError() : new AppError('NOT_FOUND', 'Business not found.');
    const fixed = 2 + 4 * rows.length;
    const extraRejected = result.data.slice(fixed).flatMap((d, index) => (d.code === 'ConditionalCheckFailed' ? [index] : []));
    if (extraRejected.length > 0) throw new ExtraItemsRejectedError(extraRejected);
    if (result.data.some((d) => d.code === 'TransactionConflict')) throw new TransactionConflictError();
    const taken = rows.flatMap((_, index) => (result.data[1 + 4 * index + 3]?.rejected ? [index] : []));
    if (taken.length > 0) throw new EmailsTakenError(taken);
    throw new AppError('CONFLICT', 'The employee could not be created. Please try again.');
  }
}

/**
 * Adds an employee, its card, the card's scan total and the employee-email guard, and moves the business
 * counters, in one transaction. Scans never write any of these items, so they cannot make it conflict.
 */
export async function createEmployeeWithCard(employee: Omit<NewEmployee, 'employeeOrder'>, card: Omit<NewCard, 'employeeOrder'>): Promise<void> {
  await createEmployeesWithCards([{ employee, card }]);
}

export async function getCard(cardId: string): Promise<CardRecord | null> {
  const { data } = await db().card.get({ cardId }).go();
  return data;
}

export async function getEmployee(employeeId: string): Promise<EmployeeRecord | null> {
  const { data } = await db().employee.get({ employeeId }).go({ consistent: true });
  return data;
}

/** Records the card's QR image URLs and the origin they encode (absent: the platform's). */
export async function setCardQr(cardId: string, qrCodeUrl: string, qrSvgUrl: string, qrOrigin: string | null = null): Promise<CardRecord> {
  const patch = db().card.patch({ cardId }).set({ qrCodeUrl, qrSvgUrl });
  const { data } = await (qrOrigin ? patch.set({ qrOrigin }) : patch.remove(['qrOrigin'])).go({ response: 'all_new' });
  return data as CardRecord;
}

/** A card's scan total (0 when it has none yet). */
export function getCardScanTotal(cardId: string): Promise<number> {
  return cardScans(cardId);
}

// Access patterns of businesses, employees and cards (docs/access-patterns.md).
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';
import { AppError } from '../lib/errors';
import { messages } from '../../../shared/messages';

export type BusinessRecord = EntityItem<Db['business']>;
export type EmployeeRecord = EntityItem<Db['employee']>;
export type CardRecord = EntityItem<Db['card']>;
export type NewBusiness = CreateEntityItem<Db['business']>;
export type NewEmployee = CreateEntityItem<Db['employee']>;
export type NewCard = CreateEntityItem<Db['card']>;

/** Creates a business, its billing-email and owner guards and the owner membership in one transaction. */
export async function createBusinessWithOwner(business: NewBusiness): Promise<void> {
  const { service } = db();
  const result = await service.transaction
    .write(({ business: b, billingEmailGuard, businessOwnerGuard, membership }) => [
      b.create(business).commit(),
      billingEmailGuard.create({ billingEmail: business.billingEmail, businessId: business.businessId }).commit(),
      businessOwnerGuard.create({ ownerId: business.ownerId, businessId: business.businessId }).commit(),
      membership
        .create({ userId: business.ownerId, scopeType: 'business', scopeId: business.businessId, role: 'owner' })
        .commit(),
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

/** The dashboard collection: the business, its employees and their cards in one (auto-paged) Query of gsi1. */
export async function getDashboardCollection(businessId: string) {
  const { data } = await db().service.collections.dashboard({ businessId }).go({ pages: 'all' });
  return { business: data.business[0] ?? null, employees: data.employee, cards: data.card };
}

/** Adds an employee and its card, and moves the business counters, in one transaction. */
export async function createEmployeeWithCard(employee: NewEmployee, card: NewCard): Promise<void> {
  const billable = employee.status === 'draft' ? 0 : 1;
  const result = await db()
    .service.transaction.write(({ business, employee: e, card: c }) => [
      business
        .update({ businessId: employee.businessId })
        .add({ employeeCount: 1, billableEmployeeCount: billable, cardCount: 1, activeCardCount: card.isActive ? 1 : 0 })
        .where(({ businessId }, { exists }) => exists(businessId))
        .commit(),
      e.create(employee).commit(),
      c.create(card).commit(),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.rejected) throw new AppError('NOT_FOUND', 'Business not found.');
    throw new AppError('CONFLICT', 'The employee could not be created. Please try again.');
  }
}

export async function getCard(cardId: string): Promise<CardRecord | null> {
  const { data } = await db().card.get({ cardId }).go();
  return data;
}

export async function getEmployee(employeeId: string): Promise<EmployeeRecord | null> {
  const { data } = await db().employee.get({ employeeId }).go({ consistent: true });
  return data;
}

/** Records the card's QR image URLs. */
export async function setCardQr(cardId: string, qrCodeUrl: string, qrSvgUrl: string): Promise<CardRecord> {
  const { data } = await db()
    .card.patch({ cardId })
    .set({ qrCodeUrl, qrSvgUrl })
    .go({ response: 'all_new' });
  return data as CardRecord;
}

/** Counts one scan: card total, business total and both per-day counters, each an atomic ADD (no read). */
export async function incrementScanCounters(cardId: string, businessId: string, day: string): Promise<void> {
  const { card, business, cardScanDay, businessScanDay } = db();
  await Promise.all([
    card.update({ cardId }).add({ scanCount: 1 }).where(({ cardId: id }, { exists }) => exists(id)).go({ response: 'none' }),
    business.update({ businessId }).add({ scanCount: 1 }).where(({ businessId: id }, { exists }) => exists(id)).go({ response: 'none' }),
    cardScanDay.upsert({ cardId, day }).add({ count: 1 }).go({ response: 'none' }),
    businessScanDay.upsert({ businessId, day }).add({ count: 1 }).go({ response: 'none' }),
  ]);
}

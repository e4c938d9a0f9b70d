// Access patterns of one employee's life after creation: edit (with its card, counters, e-mail guard and the linked
// user's membership in one transaction), delete (everything the employee owns, in one transaction), a card for an
// employee without one, and the reads those need.
import { db } from '../data/entities';
import { AppError } from '../lib/errors';
import { messages } from '../../../shared/messages';
import type { EmployeeRole, EmployeeStatus } from '../../../shared/schemas/employee';
import { ExtraItemsRejectedError, sameBrandVersion, type TransactionEntities, StaleBrandError, type CardRecord, type EmployeeRecord, type NewCard } from './repository';
import { setAndRemove } from '../lib/values';
import { auditPut, changedFields, type AuditChange } from '../audit/audit-entry';

const employeeFields = ['name', 'email', 'phone', 'officePhone', 'mobilePhone', 'jobTitle', 'department', 'linkedinProfile', 'photoUrl', 'pronouns', 'bio', 'bookingUrl', 'officeAddress', 'extraLinks', 'role', 'status'] as const;

/** The audit entry of an employee save: deactivated or reactivated when the status crossed Inactive, else updated; none when nothing changed. */
function auditOfUpdate(before: EmployeeRecord, changes: EmployeeChanges): AuditChange | null {
  const fields = changedFields(before as unknown as EmployeeChanges, changes, employeeFields.filter((f) => changes[f] !== undefined));
  if (fields.length === 0) return null;
  const action = changes.status === 'inactive' && before.status !== 'inactive' ? 'employee.deactivated' : before.status === 'inactive' && changes.status !== 'inactive' ? 'employee.reactivated' : 'employee.updated';
  return { businessId: before.businessId, action, target: { type: 'employee', id: before.employeeId, label: changes.name }, fields };
}

/** The employee's card: by its id when the employee records it, else (older employees) by its place on gsi1. */
export async function getCardOfEmployee(employee: EmployeeRecord): Promise<CardRecord | null> {
  if (employee.cardId) {
    const { data } = await db().card.get({ cardId: employee.cardId }).go({ consistent: true });
    return data;
  }
  const { data } = await db().card.query.dashboard({ businessId: employee.businessId, employeeOrder: employee.employeeOrder }).go();
  return data[0] ?? null;
}

/** Billable employees are the non-draft ones (spec 2 §9). */
const billable = (status: EmployeeStatus) => (status === 'draft' ? 0 : 1);

/** The nullable profile fields of an employee: a null value removes the attribute. */
export interface EmployeeChanges {
  name: string;
  email: string;
  phone: string | null;
  officePhone: string | null;
  mobilePhone: string | null;
  jobTitle: string | null;
  department: string | null;
  linkedinProfile: string | null;
  /** undefined keeps the photo. */
  photoUrl?: string | null;
  /** The optional card fields: undefined keeps them, null (an empty list for the links) removes them. */
  pronouns?: string | null;
  bio?: string | null;
  bookingUrl?: string | null;
  officeAddress?: string | null;
  extraLinks?: { label: string; url: string }[] | null;
  role: EmployeeRole;
  status: EmployeeStatus;
}

export interface EmployeeUpdate {
  before: EmployeeRecord;
  card: CardRecord | null;
  changes: EmployeeChanges;
  /** The card's new public profile copy (card-snapshot.ts) and whether the card is shown. */
  cardProfile: NewCard['profile'];
  cardIsActive: boolean;
  /** The linked user's membership role, when it must change with the employee's role. */
  membershipRole?: EmployeeRecord['role'];
  /** More items of the same change (directory sync: the directory user, its userName guards), after the others. */
  extra?: (entities: TransactionEntities) => unknown[];
}

/**
 * One transaction: the employee (only if nobody changed it since it was read), its card's active flag and public
 * profile, the business counters when the status moved, the e-mail guard when the address changed (case-insensitive)
 * and the linked user's membership role. A conflict leaves everything as it was.
 */
export async function updateEmployeeRecord(update: EmployeeUpdate): Promise<void> {
  const { before, card, changes } = update;
  const { set, remove } = setAndRemove({ ...changes });
  const oldEmail = before.email.toLowerCase();
  const newEmail = changes.email.toLowerCase();
  const billableDelta = billable(changes.status) - billable(before.status);
  const activeDelta = card ? Number(update.cardIsActive) - Number(card.isActive) : 0;

  let guardCreateIndex = -1;
  let extraFrom = Number.MAX_SAFE_INTEGER;
  const audit = auditOfUpdate(before, changes);
  const result = await db()
    .service.transaction.write((entities) => {
      const { employee, card: c, business, employeeEmailGuard, membership, auditEntry } = entities;
      const items = [
        employee
          .patch({ employeeId: before.employeeId })
          .set(set)
          .remove(remove as never)
          .where((attr, { eq }) => `${eq(attr.businessId, before.businessId)} AND ${eq(attr.updatedAt, before.updatedAt ?? before.createdAt)}`)
          .commit(),
      ];
      if (card) {
        items.push(
          c
            .patch({ cardId: card.cardId })
            .set({ isActive: update.cardIsActive, profile: update.cardProfile })
            .commit() as never,
        );
      }
      if (billableDelta !== 0 || activeDelta !== 0) {
        items.push(
          business
            .patch({ businessId: before.businessId })
            .add({ billableEmployeeCount: billableDelta, activeCardCount: activeDelta })
            .commit() as never,
        );
      }
      if (newEmail !== oldEmail) {
        items.push(
          employeeEmailGuard
            .delete({ businessId: before.businessId, email: oldEmail })
            .where((attr, { eq }) => eq(attr.employeeId, before.employeeId))
            .commit() as never,
        );
        guardCreateIndex = items.length;
        items.push(employeeEmailGuard.create({ businessId: before.businessId, email: newEmail, employeeId: before.employeeId }).commit() as never);
      }
      if (update.membershipRole && before.userId) {
        items.push(
          membership
            .patch({ userId: before.userId, scopeType: 'business', scopeId: before.businessId })
            .set({ role: update.membershipRole })
            .commit() as never,
        );
      }
      if (audit) items.push(auditPut(auditEntry, audit) as never);
      extraFrom = items.length;
      if (update.extra) items.push(...(update.extra(entities) as never[]));
      return items;
    })
    .go();

  if (result.canceled) {
    const outcomes = result.data as { rejected?: boolean; code?: string }[];
    const extraRejected = outcomes.slice(extraFrom).flatMap((o, index) => (o.code === 'ConditionalCheckFailed' ? [index] : []));
    if (extraRejected.length > 0) throw new ExtraItemsRejectedError(extraRejected);
    if (guardCreateIndex >= 0 && outcomes[guardCreateIndex]?.rejected) {
      throw new AppError('CONFLICT', messages.employee.emailTaken, { email: messages.employee.emailTaken });
    }
    throw new AppError('CONFLICT', messages.employee.changedMeanwhile);
  }
}

/**
 * One transaction: the employee (only while inactive and not an owner), its card, the card's scan total, the
 * e-mail guard, its invitation, the linked user's membership and guard, and the business counters. Returns false when the employee was not
 * deletable any more (changed meanwhile); the caller re-reads to say why.
 */
export async function deleteEmployeeRecords(employee: EmployeeRecord, card: CardRecord | null): Promise<boolean> {
  const result = await db()
    .service.transaction.write(({ employee: e, card: c, cardScanTotal, business, employeeEmailGuard, membership, invitation, employeeUserGuard, auditEntry }) => {
      const items = [
        e
          .delete({ employeeId: employee.employeeId })
          .where((attr, { eq, ne }) => `${eq(attr.status, 'inactive')} AND ${ne(attr.role, 'owner')} AND ${eq(attr.updatedAt, employee.updatedAt ?? employee.createdAt)}`)
          .commit(),
        employeeEmailGuard.delete({ businessId: employee.businessId, email: employee.email.toLowerCase() }).commit() as never,
        business
          .patch({ businessId: employee.businessId })
          .add({
            employeeCount: -1,
            billableEmployeeCount: -billable(employee.status),
            cardCount: card ? -1 : 0,
            activeCardCount: card?.isActive ? -1 : 0,
          })
          .commit() as never,
      ];
      if (card) items.push(c.delete({ cardId: card.cardId }).commit() as never, cardScanTotal.delete({ cardId: card.cardId }).commit() as never);
      if (employee.userId) {
        items.push(
          membership.delete({ userId: employee.userId, scopeType: 'business', scopeId: employee.businessId }).commit() as never,
          employeeUserGuard.delete({ userId: employee.userId }).commit() as never,
        );
      }
      // Its invitation, if one was sent (deleting an absent item is no error).
      items.push(invitation.delete({ employeeId: employee.employeeId }).commit() as never);
      items.push(auditPut(auditEntry, { businessId: employee.businessId, action: 'employee.deleted', target: { type: 'employee', id: employee.employeeId, label: employee.name } }) as never);
      return items;
    })
    .go();
  return !result.canceled;
}

/** Deletes a card's per-day scan counters (not part of the transaction: unbounded in number, only statistics). */
export async function deleteCardScanDays(cardId: string): Promise<number> {
  const { cardScanDay } = db();
  let deleted = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { cardId: string; day: string }[]; cursor: string | null } = await cardScanDay.query.primary({ cardId }).go({ cursor, limit: 100, attributes: ['cardId', 'day'] });
    if (page.data.length > 0) {
      await cardScanDay.delete(page.data.map(({ day }) => ({ cardId, day }))).go();
      deleted += page.data.length;
    }
    cursor = page.cursor;
  } while (cursor);
  return deleted;
}

/**
 * Gives an employee without a card one: the card and its scan total, the card id on the employee (only if it has
 * none: two racing requests cannot both succeed) and the business counters, in one transaction.
 */
export async function createCardForEmployee(employee: EmployeeRecord, card: Omit<NewCard, 'employeeOrder'>): Promise<void> {
  const employeeOrder = employee.employeeOrder;
  const result = await db()
    .service.transaction.write(({ employee: e, card: c, cardScanTotal, business, auditEntry }) => [
      e
        .patch({ employeeId: employee.employeeId })
        .set({ cardId: card.cardId })
        .where((attr, { notExists, eq }) => `${notExists(attr.cardId)} AND ${eq(attr.businessId, employee.businessId)}`)
        .commit(),
      c.create({ ...card, employeeOrder }).commit(),
      cardScanTotal.create({ cardId: card.cardId, businessId: card.businessId, employeeOrder, scanCount: 0 }).commit(),
      business
        .patch({ businessId: employee.businessId })
        .add({ cardCount: 1, activeCardCount: card.isActive ? 1 : 0 })
        .where((attr, op) => sameBrandVersion(attr, op, card.brandVersion ?? 0))
        .commit(),
      auditPut(auditEntry, { businessId: employee.businessId, action: 'card.created', target: { type: 'card', id: card.cardId, label: employee.name } }),
    ])
    .go();
  if (result.canceled) {
    if ((result.data as { rejected?: boolean }[])[3]?.rejected) throw new StaleBrandError();
    throw new AppError('CONFLICT', messages.employee.cardExists);
  }
}

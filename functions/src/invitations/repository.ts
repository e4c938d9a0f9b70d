// Access patterns of invitations (docs/access-patterns.md): one per employee, found by its token's hash on gsi2;
// linking an account to the employee is one transaction over the invitation, employee, card, counters, membership
// and the one-employee-per-user guard.
import { db } from '../data/entities';
import type { CardRecord, EmployeeRecord } from '../business/repository';
import type { EntityItem } from 'electrodb';
import type { Db } from '../data/entities';
import { auditPut } from '../audit/audit-entry';

export type InvitationRecord = EntityItem<Db['invitation']>;

/** Writes the employee's invitation, replacing the previous one (whose link then stops working). */
export async function putInvitation(invitation: Omit<InvitationRecord, 'createdAt' | 'usedAt' | 'usedBy'>): Promise<void> {
  await db().invitation.put(invitation).go();
}

/** The invitation whose token hashes to `tokenHash`, re-read consistently by its key (gsi2 is eventually consistent). */
export async function findInvitationByTokenHash(tokenHash: string): Promise<InvitationRecord | null> {
  const { data } = await db().invitation.query.byToken({ tokenHash }).go({ limit: 1 });
  const found = data[0];
  if (!found) return null;
  const current = await db().invitation.get({ employeeId: found.employeeId }).go({ consistent: true });
  return current.data && current.data.tokenHash === tokenHash ? current.data : null;
}

export interface AccountLink {
  invitation: InvitationRecord;
  employee: EmployeeRecord;
  card: CardRecord | null;
  userId: string;
  /** The user already owns the business: their owner membership gains the employee id instead of a new membership. */
  ownsBusiness: boolean;
  now: Date;
}

export type LinkRefusal = 'invitationGone' | 'employeeTaken' | 'userLinked';

/** Links the account in one transaction; returns why it was refused, or null when it was written. */
export async function linkAccountToEmployee(link: AccountLink): Promise<LinkRefusal | null> {
  const { invitation, employee, card, userId, now } = link;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const billableDelta = employee.status === 'draft' ? 1 : 0;
  const activeDelta = card && !card.isActive ? 1 : 0;

  const result = await db()
    .service.transaction.write(({ invitation: i, employee: e, card: c, business, membership, employeeUserGuard, auditEntry }) => {
      const items = [
        i
          .patch({ employeeId: invitation.employeeId })
          .set({ usedAt: now.toISOString(), usedBy: userId })
          .where((attr, { eq, notExists, gt }) => `${eq(attr.tokenHash, invitation.tokenHash)} AND ${notExists(attr.usedAt)} AND ${gt(attr.expiresAt, nowSeconds)}`)
          .commit(),
        e
          .patch({ employeeId: employee.employeeId })
          .set({ userId, status: 'active' })
          .where((attr, { eq, notExists }) => `${notExists(attr.userId)} AND ${eq(attr.businessId, employee.businessId)}`)
          .commit() as never,
        employeeUserGuard.create({ userId, employeeId: employee.employeeId }).commit() as never,
        link.ownsBusiness
          ? (membership
              .patch({ userId, scopeType: 'business', scopeId: employee.businessId })
              .set({ employeeId: employee.employeeId })
              .where((attr, { notExists }) => notExists(attr.employeeId))
              .commit() as never)
          : (membership
              .create({ userId, scopeType: 'business', scopeId: employee.businessId, role: employee.role, employeeId: employee.employeeId })
              .commit() as never),
      ];
      if (card && !card.isActive) items.push(c.patch({ cardId: card.cardId }).set({ isActive: true }).commit() as never);
      if (billableDelta || activeDelta) {
        items.push(business.patch({ businessId: employee.businessId }).add({ billableEmployeeCount: billableDelta, activeCardCount: activeDelta }).commit() as never);
      }
      items.push(auditPut(auditEntry, { businessId: employee.businessId, action: 'invitation.accepted', target: { type: 'employee', id: employee.employeeId, label: employee.name } }) as never);
      return items;
    })
    .go();
  if (!result.canceled) return null;
  const [invitationResult, employeeResult, guardResult, membershipResult] = result.data as { rejected?: boolean }[];
  // A used-up link says so first: the same person pressing twice is not 'linked to another employee'.
  if (invitationResult?.rejected) return 'invitationGone';
  if (employeeResult?.rejected) return 'employeeTaken';
  if (guardResult?.rejected || membershipResult?.rejected) return 'userLinked';
  // A conflicting write in flight (TransactionConflict): nothing was written.
  return 'invitationGone';
}

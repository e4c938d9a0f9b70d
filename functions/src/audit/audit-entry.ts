// Recording a change in a business's audit log (issue 23 §3). A service describes the change (action, target, the
// names of the fields that changed); who, when, from where and the request id come from the request context. Where
// the change is one transaction, the entry goes into it (`auditPut`), so the log never says something happened that
// did not, or misses something that did; elsewhere `recordAudit` writes it right after the change.
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditActorType } from '../../../shared/schemas/audit';
import { db } from '../data/entities';
import { logger } from '../lib/logger';
import { currentRequest } from '../lib/request-context';

/** Entries are kept for a year (the table's TTL removes them). */
export const AUDIT_RETENTION_DAYS = 365;

export interface AuditChange {
  businessId: string;
  action: AuditAction;
  target: { type: 'employee' | 'card' | 'business' | 'scimToken'; id: string; label?: string | null };
  /** The names of the fields that changed; never their values. */
  fields?: string[];
}

interface Actor {
  type: AuditActorType;
  id: string | null;
  label: string;
}

/** Who is making the change, as the log shows them: a directory token, an admin, an agency's staff, a member, or the platform. */
export function actorOf(businessId: string): Actor {
  const request = currentRequest();
  if (request?.actor) return request.actor;
  const caller = request?.caller;
  if (!caller) return { type: 'system', id: null, label: 'System' };
  const label = caller.email || caller.userId;
  if (caller.isAdmin) return { type: 'admin', id: caller.userId, label };
  const isMember = caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === businessId);
  const isAgencyStaff = caller.memberships.some((m) => m.scopeType === 'agency');
  return { type: !isMember && isAgencyStaff ? 'agency' : 'user', id: caller.userId, label };
}

/** The stored entry for a change made now by the current request's actor. */
export function auditEntryOf(change: AuditChange, now: Date = new Date()) {
  const request = currentRequest();
  const actor = actorOf(change.businessId);
  const viewerIp = request?.viewerIp && request.viewerIp !== 'unknown' ? request.viewerIp : undefined;
  return {
    businessId: change.businessId,
    at: now.toISOString(),
    entryId: randomUUID(),
    action: change.action,
    actorType: actor.type,
    actorId: actor.id ?? undefined,
    actorLabel: actor.label,
    actorKey: actor.label.toLowerCase(),
    targetType: change.target.type,
    targetId: change.target.id,
    targetLabel: change.target.label ?? undefined,
    fields: change.fields && change.fields.length > 0 ? [...change.fields].sort() : undefined,
    viewerIp,
    requestId: request?.requestId,
    expiresAt: Math.floor(now.getTime() / 1000) + AUDIT_RETENTION_DAYS * 24 * 60 * 60,
  };
}

/** What a service transaction hands its callback for the audit entity: something that creates an item. */
interface TransactionEntity<T> {
  create(item: ReturnType<typeof auditEntryOf>): { commit(): T };
}

/** The entry as one item of a service transaction (`service.transaction.write(({ auditEntry }) => [...])`). */
export function auditPut<T>(entity: TransactionEntity<T>, change: AuditChange): T {
  return entity.create(auditEntryOf(change)).commit();
}

/**
 * Writes the entry of a change that is not one transaction, after the change. A failure is logged, not thrown: the
 * change has happened, and answering an error would invite the caller to make it again.
 */
export async function recordAudit(change: AuditChange): Promise<void> {
  try {
    await db().auditEntry.create(auditEntryOf(change)).go();
  } catch (error) {
    logger.error('audit entry was not written', { action: change.action, businessId: change.businessId, error: error as Error });
  }
}

/** The names of `keys` whose values differ between `before` and `after` (compared as JSON, so arrays and objects work). */
export function changedFields<T extends object>(before: T, after: Partial<T>, keys: readonly (keyof T & string)[]): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return keys.filter((key) => key in after && !same(before[key], after[key]));
}

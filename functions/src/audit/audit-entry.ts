// Recording a change in a business's audit log (issue 23 §3). A service describes the change (action, target, the
// names of the fields that changed); who, when, from where and the request id come from the request context. Where
// the change is one transaction, the entry goes into it (`auditPut`), so the log never says something happened that
// did not, or misses something that did; elsewhere `recordAudit` writes it right after the change, with the plain
// document client (the payments Lambda carries no ElectroDB), as ElectroDB would (audit-entry.test.ts).
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditActorType } from '../../../shared/schemas/audit';
import type { EmployeeRole } from '../../../shared/schemas/employee';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../data/client';
import { entityStamp, keyPart } from '../data/key-format';
import { logger } from '../lib/logger';
import { currentRequest } from '../http/request-context';

/** Entries are kept for a year (the table's TTL removes them). */
export const AUDIT_RETENTION_DAYS = 365;

export interface AuditChange {
  businessId: string;
  action: AuditAction;
  target: { type: 'employee' | 'card' | 'business' | 'department' | 'scimToken' | 'invoice' | 'ssoDomain' | 'ssoProvider'; id: string; label?: string | null };
  /** The names of the fields that changed; never their values. */
  fields?: string[];
}

interface Actor {
  type: AuditActorType;
  id: string | null;
  label: string;
  /** The business role a member of the business acted under (the log names it). */
  role?: EmployeeRole;
}

/** Who is making the change, as the log shows them: a directory token, an admin, an agency's staff, a member, or the platform. */
export function actorOf(businessId: string): Actor {
  const request = currentRequest();
  if (request?.actor) return request.actor;
  const caller = request?.caller;
  if (!caller) return { type: 'system', id: null, label: 'System' };
  const label = caller.email || caller.userId;
  if (caller.isAdmin) return { type: 'admin', id: caller.userId, label };
  const membership = caller.memberships.find((m) => m.scopeType === 'business' && m.scopeId === businessId);
  const isAgencyStaff = caller.memberships.some((m) => m.scopeType === 'agency');
  if (!membership && isAgencyStaff) return { type: 'agency', id: caller.userId, label };
  return { type: 'user', id: caller.userId, label, role: membership?.role };
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
    actorRole: 'role' in actor ? actor.role : undefined,
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

/** The stored item of an entry, keys and stamp as ElectroDB writes them (entities.ts `auditEntry`). */
export function auditItemOf(entry: ReturnType<typeof auditEntryOf>): Record<string, unknown> {
  const attributes = Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
  return {
    pk: keyPart('businessid', entry.businessId),
    sk: `$auditentry_1#at_${entry.at.toLowerCase()}#entryid_${entry.entryId.toLowerCase()}`,
    ...attributes,
    ...entityStamp('auditEntry'),
  };
}

/**
 * Writes the entry of a change that is not one transaction, after the change. A failure is logged, not thrown: the
 * change has happened, and answering an error would invite the caller to make it again.
 */
export async function recordAudit(change: AuditChange): Promise<void> {
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: auditItemOf(auditEntryOf(change)), ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    logger.error('audit entry was not written', { action: change.action, businessId: change.businessId, error: error as Error });
  }
}

/** An invoice's entry: in its business's log when a business pays it (an agency's own invoices have no business log). */
export async function recordInvoiceAudit(invoice: { invoiceId: string; businessId: string; payerType?: 'business' | 'agency'; invoiceNumber?: string }, action: 'invoice.paid' | 'invoice.statusChanged'): Promise<void> {
  if (invoice.payerType === 'agency') return;
  await recordAudit({ businessId: invoice.businessId, action, target: { type: 'invoice', id: invoice.invoiceId, label: invoice.invoiceNumber ?? null }, fields: ['status'] });
}

/** The names of `keys` whose values differ between `before` and `after` (compared as JSON, so arrays and objects work). */
export function changedFields<T extends object>(before: T, after: Partial<T>, keys: readonly (keyof T & string)[]): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return keys.filter((key) => key in after && !same(before[key], after[key]));
}

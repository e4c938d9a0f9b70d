// The Activity section (issue 23 §3): a business's audit log newest first, filtered by person, action and days, a page
// at a time, and the same as CSV. One Query of the business's partition per page: the days bound the sort key, the
// person and the action are a filter on what it reads.
import { toCsv } from '../../../shared/csv';
import { auditActions, type AuditEntry, type AuditQuery } from '../../../shared/schemas/audit';
import type { EntityItem } from 'electrodb';
import * as z from '../../../shared/zod';
import { db, type Db } from '../data/entities';
import { keyPart } from '../data/key-format';
import { invalidCursor } from '../lib/errors';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';

export const ACTIVITY_PAGE_SIZE = 50;
/** An export is every matching entry up to this many (a year of a busy business); the file says when it stopped. */
export const EXPORT_LIMIT = 10_000;

type StoredEntry = EntityItem<Db['auditEntry']>;

export function toAuditEntryDto(e: StoredEntry): AuditEntry {
  return {
    id: e.entryId,
    at: e.at,
    action: e.action as AuditEntry['action'],
    actor: { type: e.actorType as AuditEntry['actor']['type'], id: e.actorId ?? null, label: e.actorLabel, role: (e.actorRole as AuditEntry['actor']['role']) ?? null },
    target: { type: e.targetType, id: e.targetId, label: e.targetLabel ?? null },
    fields: e.fields ?? [],
    viewerIp: e.viewerIp ?? null,
    requestId: e.requestId ?? null,
  };
}

/** The Query of one business's entries for the filters, newest first. */
function queryOf(businessId: string, filters: Omit<AuditQuery, 'cursor'>) {
  const base = db().auditEntry.query.primary({ businessId });
  // `at` is an ISO time: the range runs from the first day's midnight to the last moment of the last day (UTC).
  const ranged = filters.from || filters.to ? base.between({ at: filters.from ?? '0000' }, { at: `${filters.to ?? '9999'}T\uffff` }) : base;
  return ranged.where((attr, { eq, contains }) =>
    [filters.action ? eq(attr.action, filters.action as string) : '', filters.person ? contains(attr.actorKey, filters.person.toLowerCase()) : ''].filter(Boolean).join(' AND '),
  );
}

/** The key a page ended at, as ElectroDB's cursor holds it (base64url JSON). */
const cursorKeySchema = z.strictObject({ pk: z.string(), sk: z.string().check(z.maxLength(300), z.startsWith('$auditentry_1#at_')) });

/** A cursor this business's listing cannot have handed out is a validation error (400), never a bad key (500). */
function checkedCursor(businessId: string, cursor: string | undefined): string | null {
  if (!cursor) return null;
  try {
    const key = cursorKeySchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.success && key.data.pk === keyPart('businessid', businessId)) return cursor;
  } catch {
    // not JSON: refused below
  }
  throw invalidCursor();
}

export async function listActivity(caller: Caller, businessId: string, filters: AuditQuery): Promise<{ entries: AuditEntry[]; cursor: string | null }> {
  await assertMay(caller, businessId, 'activity');
  const { data, cursor } = await queryOf(businessId, filters).go({ order: 'desc', cursor: checkedCursor(businessId, filters.cursor), count: ACTIVITY_PAGE_SIZE, pages: 'all' });
  return { entries: data.map(toAuditEntryDto), cursor: cursor ?? null };
}

const describe = (e: AuditEntry) => auditActions[e.action] ?? e.action;

export async function exportActivity(caller: Caller, businessId: string, filters: Omit<AuditQuery, 'cursor'>): Promise<string> {
  await assertMay(caller, businessId, 'activity');
  const { data } = await queryOf(businessId, filters).go({ order: 'desc', count: EXPORT_LIMIT, pages: 'all' });
  const rows = data.map(toAuditEntryDto).map((e) => [e.at, describe(e), e.action, e.actor.type, e.actor.label, e.actor.role ?? '', e.target.type, e.target.label ?? '', e.target.id, e.fields.join(' '), e.viewerIp ?? '', e.requestId ?? '']);
  return toCsv(['Time (UTC)', 'Action', 'Action id', 'Actor type', 'Actor', 'Actor role', 'Target type', 'Target', 'Target id', 'Fields changed', 'Viewer address', 'Request id'], rows);
}

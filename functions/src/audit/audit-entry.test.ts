// An audit entry as recordAudit writes it (plain document client) is the item ElectroDB writes for it, so the Activity
// section reads entries from every Lambda alike; the changed fields are names only, sorted.
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntryOf, auditItemOf, changedFields } from './audit-entry';

let db: typeof import('../data/entities').db;

beforeAll(async () => {
  process.env.TABLE_NAME ??= 'audit-test';
  ({ db } = await import('../data/entities'));
});

describe('audit entries', () => {
  it('are written with the keys, attributes and stamp ElectroDB writes', () => {
    const entry = auditEntryOf({ businessId: 'BiZ-MiXeD_1', action: 'invoice.paid', target: { type: 'invoice', id: 'InV-9', label: 'CC-2026-0001' } }, new Date('2026-11-25T10:00:00.000Z'));
    const { Item } = db().auditEntry.create(entry).params<{ Item: Record<string, unknown> }>();
    expect(auditItemOf(entry)).toEqual(Item);
    expect(entry).toMatchObject({ actorType: 'system', actorLabel: 'System', expiresAt: Date.parse('2027-11-25T10:00:00.000Z') / 1000 });
  });

  it('lists the names of the fields that changed, not their values', () => {
    const before = { name: 'Ann', jobTitle: 'Engineer', phone: null as string | null, tags: ['a'] };
    expect(changedFields(before, { name: 'Ann', jobTitle: 'Lead', phone: null, tags: ['a', 'b'] }, ['name', 'jobTitle', 'phone', 'tags'])).toEqual(['jobTitle', 'tags']);
    // A field the save does not carry is not a change.
    expect(changedFields(before, { name: 'Ann' }, ['name', 'jobTitle'])).toEqual([]);
  });
});

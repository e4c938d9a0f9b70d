import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { invoiceMessages } from './messages/invoice';
import { portalMessages } from './messages/portal';

function leavesOf(node: object, path: string[] = []): [string, unknown][] {
  return Object.entries(node).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leavesOf(value, [...path, key]) : [[[...path, key].join('.'), value]],
  );
}

describe('messages', () => {
  it('holds only non-empty strings and message functions', () => {
    const leaves = leavesOf(messages);
    expect(leaves.length).toBeGreaterThan(100);
    for (const [path, value] of leaves) {
      expect(['string', 'function'], path).toContain(typeof value);
      if (typeof value === 'string') {
        expect(value, path).toMatch(/\S/);
        expect(value, `${path} has no surrounding spaces`).toBe(value.trim());
      } else {
        expect((value as (arg: unknown) => string)('x'), path).toMatch(/\S/);
      }
    }
  });

  it('fills the spec wording of every parameterised message', () => {
    expect(messages.employee.qrFailed('timeout')).toBe('Failed to generate QR code: timeout');
    expect(portalMessages.qrFailed('timeout')).toBe('Failed to generate QR code: timeout');
    expect(messages.employee.databaseError('duplicate key')).toBe('Database error: duplicate key');
    expect(messages.employee.deleted('Jane Doe')).toBe('Jane Doe has been deleted successfully');
    expect(messages.company.updateFailed('network down')).toBe('Update failed: network down');
    expect(messages.agency.updateFailed('network down')).toBe('Update failed: network down');
    expect(invoiceMessages.generated(3)).toBe('Generated 3 monthly invoices');
    expect(messages.admin.adminInvited('ann@x.example')).toBe('Admin invitation sent to ann@x.example');
    expect(messages.admin.adminRemoved('ann@x.example')).toBe('Admin access removed for ann@x.example');
    expect(messages.admin.removeAdminConfirm('ann@x.example')).toBe(
      'Are you sure you want to remove admin access for ann@x.example? This action cannot be undone and they will lose all admin privileges.',
    );
    expect(messages.admin.businessStatusUpdated(true)).toBe('Business activated successfully');
    expect(messages.admin.businessStatusUpdated(false)).toBe('Business deactivated successfully');
  });
});

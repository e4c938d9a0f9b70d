// When a business's identity provider is deleted (replaced by another, or disconnected), the sign-ins it linked go with
// it: each membership that names the provider is removed with its guard, the employee keeps any other sign-in linked
// to it (another provider's, a password account's) or becomes linkable again by the next first sign-in, and the
// removed user's tokens are refused at once — a token still held would otherwise reach /api/me and be linked again.
import { recordAudit } from '../audit/audit-entry';
import { getEmployee } from '../business/repository';
import { endSessions } from '../identity/repository';
import { logger } from '../lib/logger';
import { listMembershipsOfBusiness, removeSsoLink } from './repository';

/** Removes every sign-in `providerName` linked in the business; returns how many were removed. */
export async function unlinkProviderAccounts(businessId: string, providerName: string): Promise<number> {
  const memberships = await listMembershipsOfBusiness(businessId);
  const ofProvider = (m: { ssoProvider?: string }) => m.ssoProvider?.toLowerCase() === providerName.toLowerCase();
  const going = memberships.filter(ofProvider);
  let removed = 0;
  for (const link of going) {
    const employee = link.employeeId ? await getEmployee(link.employeeId) : null;
    const staying = memberships.find((m) => m.employeeId && m.employeeId === link.employeeId && !ofProvider(m) && !m.leftAt);
    if (!(await removeSsoLink(link, employee?.userId ?? null, staying?.userId ?? null))) {
      logger.warn('an SSO link changed while its provider was removed; left as it is', { businessId, userId: link.userId });
      continue;
    }
    removed++;
    await endSessions(link.userId).catch((error: Error) => logger.warn('sessions of an unlinked SSO user not ended', { error }));
    if (employee) await recordAudit({ businessId, action: 'sso.employeeUnlinked', target: { type: 'employee', id: employee.employeeId, label: employee.name } });
  }
  return removed;
}

// Access patterns of single sign-on (issue 24, docs/access-patterns.md SSO-1…SSO-4): a domain by its name (one
// business per domain; the sign-in triggers' one GetItem), a business's domains (gsi2), the business's connection
// (provider and switches), and the lease around the app client's read-modify-write.
import type { EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';

export type SsoDomainRecord = EntityItem<Db['ssoDomain']>;
export type SsoConnectionRecord = EntityItem<Db['ssoConnection']>;

/** SSO-1: claims the domain for the business; false when it is claimed already (by this or another business). */
export async function createSsoDomain(item: Pick<SsoDomainRecord, 'domain' | 'domainId' | 'businessId' | 'token'>): Promise<boolean> {
  try {
    await db().ssoDomain.create(item).go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** SSO-1: the domain's item (consistent: a claim or a removal counts at once). */
export async function getSsoDomain(domain: string): Promise<SsoDomainRecord | null> {
  const { data } = await db().ssoDomain.get({ domain }).go({ consistent: true });
  return data;
}

/** SSO-2: a business's domains (at most ten). */
export async function listSsoDomains(businessId: string): Promise<SsoDomainRecord[]> {
  const { data } = await db().ssoDomain.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}

export async function markSsoDomainVerified(domain: string, businessId: string, verifiedAt: string): Promise<void> {
  await db()
    .ssoDomain.patch({ domain })
    .set({ verifiedAt })
    .where((attr, { eq }) => eq(attr.businessId, businessId))
    .go({ response: 'none' });
}

/** Removes the business's domain; false when it was not (or no longer) the business's. */
export async function deleteSsoDomain(domain: string, businessId: string): Promise<boolean> {
  try {
    await db()
      .ssoDomain.delete({ domain })
      .where((attr, { eq }) => eq(attr.businessId, businessId))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** SSO-3: the business's connection (absent: no provider, both switches off). */
export async function getSsoConnection(businessId: string): Promise<SsoConnectionRecord | null> {
  const { data } = await db().ssoConnection.get({ businessId }).go({ consistent: true });
  return data;
}

export type SsoProviderFields = Pick<SsoConnectionRecord, 'providerName' | 'providerType' | 'metadataUrl' | 'entityId' | 'signInUrl' | 'issuer' | 'clientId' | 'connectedAt'>;
export type PreviousSsoProvider = NonNullable<SsoConnectionRecord['previousProvider']>;

/** The providers a business has connected: the current one, then the previous one during a move. */
export function providerNamesOf(connection: SsoConnectionRecord | null): string[] {
  return [connection?.providerName, connection?.previousProvider?.providerName].filter((name): name is string => Boolean(name));
}

/** Stores the connected provider (and, during a move, the previous one beside it), keeping the switches. */
export async function saveSsoProvider(businessId: string, provider: SsoProviderFields, previous: PreviousSsoProvider | null = null): Promise<void> {
  const existing = await getSsoConnection(businessId);
  await db()
    .ssoConnection.put({
      businessId,
      createEmployeesOnFirstSignIn: existing?.createEmployeesOnFirstSignIn ?? false,
      requireSso: existing?.requireSso ?? false,
      ...provider,
      ...(previous ? { previousProvider: previous } : {}),
      ...(existing ? { createdAt: existing.createdAt } : {}),
    })
    .go({ response: 'none' });
}

export type SsoLinkRecord = EntityItem<Db['membership']>;

/** SSO-6: the business's memberships (gsi2 byScope): the links a provider made name it in `ssoProvider`. */
export async function listMembershipsOfBusiness(businessId: string): Promise<SsoLinkRecord[]> {
  const { data } = await db().membership.query.byScope({ scopeType: 'business', scopeId: businessId }).go({ pages: 'all' });
  return data;
}

/**
 * SSO-6: removes one provider link in one transaction: the membership (only while it still names the provider), the
 * user's one-employee guard, and — when the employee's `userId` is this user — that `userId`, moved to another sign-in
 * still linked to the employee (`nextUserId`) or removed, so the next first sign-in links the employee again.
 * False when the link changed meanwhile (nothing written).
 */
export async function removeSsoLink(link: SsoLinkRecord, employeeUserId: string | null, nextUserId: string | null): Promise<boolean> {
  const { userId, scopeId: businessId, employeeId, ssoProvider } = link;
  const result = await db()
    .service.transaction.write(({ membership, employeeUserGuard, employee }) => {
      const items = [
        membership
          .delete({ userId, scopeType: 'business', scopeId: businessId })
          .where((attr, { eq }) => eq(attr.ssoProvider, ssoProvider ?? ''))
          .commit() as never,
      ];
      if (employeeId) {
        items.push(employeeUserGuard.delete({ userId }).where((attr, { eq }) => eq(attr.employeeId, employeeId)).commit() as never);
        if (employeeUserId === userId) {
          const move = nextUserId
            ? employee.patch({ employeeId }).set({ userId: nextUserId })
            : employee.patch({ employeeId }).remove(['userId']);
          items.push(move.where((attr, { eq }) => eq(attr.userId, userId)).commit() as never);
        }
      }
      return items;
    })
    .go();
  return !result.canceled;
}

/** Forgets the provider, keeping the switches. */
export async function clearSsoProvider(businessId: string): Promise<void> {
  const existing = await getSsoConnection(businessId);
  if (!existing) return;
  await db()
    .ssoConnection.put({ businessId, createEmployeesOnFirstSignIn: existing.createEmployeesOnFirstSignIn, requireSso: existing.requireSso, createdAt: existing.createdAt })
    .go({ response: 'none' });
}

export async function saveSsoSettings(businessId: string, settings: { createEmployeesOnFirstSignIn: boolean; requireSso: boolean }): Promise<void> {
  await db().ssoConnection.upsert({ businessId, ...settings }).go({ response: 'none' });
}

/** SSO-4: takes the app client's lease for `seconds`; false while another holder has it and it has not expired. */
export async function acquireClientLease(clientId: string, holder: string, seconds: number, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  try {
    await db()
      .ssoClientLease.put({ clientId, holder, expiresAt: nowSeconds + seconds })
      .where((attr, { notExists, lt }) => `${notExists(attr.holder)} OR ${lt(attr.expiresAt, nowSeconds)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function releaseClientLease(clientId: string, holder: string): Promise<void> {
  try {
    await db()
      .ssoClientLease.delete({ clientId })
      .where((attr, { eq }) => eq(attr.holder, holder))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

// Access patterns of single sign-on (issue 24, docs/access-patterns.md SSO-1…SSO-8): a domain's claims and its one
// verified holder (the sign-in triggers' GetItems), a business's domains (gsi2), every claim for admins (gsi1), the
// business's connection (provider and switches), and the lease around the app client's read-modify-write.
import type { EntityItem } from 'electrodb';
import { db, type Db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';
import { invalidCursor } from '../lib/errors';

export type SsoDomainRecord = EntityItem<Db['ssoDomain']>;
export type SsoConnectionRecord = EntityItem<Db['ssoConnection']>;

/** How long a claim may wait for its TXT record before it expires (issue 39). */
export const SSO_CLAIM_DAYS = 7;
const CLAIM_SECONDS = SSO_CLAIM_DAYS * 24 * 3600;

/** Whether a claim still counts: verified, or pending for less than 7 days. */
export function isLiveClaim(d: Pick<SsoDomainRecord, 'verifiedAt' | 'expiresAt'>, now = Date.now()): boolean {
  return Boolean(d.verifiedAt) || (d.expiresAt ?? 0) * 1000 > now;
}

/**
 * SSO-1: the business's claim of the domain, pending for 7 days. It replaces only this business's own expired claim;
 * other businesses' claims are other items and never stop it (nor does it learn of them). False when this business
 * claimed the domain already (live).
 */
export async function createSsoDomain(item: Pick<SsoDomainRecord, 'domain' | 'domainId' | 'businessId' | 'token'>, now = Date.now()): Promise<boolean> {
  const nowSeconds = Math.floor(now / 1000);
  try {
    await db()
      .ssoDomain.put({ ...item, expiresAt: nowSeconds + CLAIM_SECONDS })
      .where((attr, { notExists, lt }) => `${notExists(attr.domain)} OR (${notExists(attr.verifiedAt)} AND ${lt(attr.expiresAt, nowSeconds)})`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * SSO-1: the domain's verified claim — the holder's GetItem, then its claim (consistent: a verification or a removal
 * counts at once); null when no business has proven the domain.
 */
export async function getSsoDomain(domain: string): Promise<SsoDomainRecord | null> {
  const { data: holder } = await db().ssoDomainHolder.get({ domain }).go({ consistent: true });
  if (!holder) return null;
  const { data } = await db().ssoDomain.get({ domain, businessId: holder.businessId }).go({ consistent: true });
  return data?.verifiedAt ? data : null;
}

/** SSO-1: one business's claim of the domain (live or expired), consistent. */
export async function getSsoDomainClaim(domain: string, businessId: string): Promise<SsoDomainRecord | null> {
  const { data } = await db().ssoDomain.get({ domain, businessId }).go({ consistent: true });
  return data;
}

/** SSO-2: a business's live claims (at most ten); expired ones wait for the TTL to delete them. */
export async function listSsoDomains(businessId: string): Promise<SsoDomainRecord[]> {
  const { data } = await db().ssoDomain.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data.filter((d) => isLiveClaim(d));
}

/** SSO-2: every claim of a business, expired ones too (a deleted business's go with it). */
export async function listAllSsoDomainsOfBusiness(businessId: string): Promise<SsoDomainRecord[]> {
  const { data } = await db().ssoDomain.query.byBusiness({ businessId }).go({ pages: 'all' });
  return data;
}

export type VerifyOutcome = 'verified' | 'heldElsewhere' | 'gone';

/**
 * SSO-1: marks the business's claim verified and makes the business the domain's holder, in one transaction: the
 * holder only if none exists, the claim only while it is this business's and pending (its expiry removed).
 * 'heldElsewhere' when another business holds the domain; 'gone' when the claim was removed meanwhile.
 */
export async function markSsoDomainVerified(domain: string, businessId: string, domainId: string, verifiedAt: string): Promise<VerifyOutcome> {
  const result = await db()
    .service.transaction.write(({ ssoDomainHolder, ssoDomain }) => [
      ssoDomainHolder.create({ domain, businessId, domainId }).commit(),
      ssoDomain
        .patch({ domain, businessId })
        .set({ verifiedAt })
        .remove(['expiresAt'])
        .where((attr, { eq }) => eq(attr.domainId, domainId))
        .commit(),
    ])
    .go();
  if (!result.canceled) return 'verified';
  const holder = await db().ssoDomainHolder.get({ domain }).go({ consistent: true });
  return holder.data && holder.data.businessId !== businessId ? 'heldElsewhere' : 'gone';
}

/** Removes the business's claim (and, when verified, its hold on the domain); false when it was not (or no longer) there. */
export async function deleteSsoDomain(domain: string, businessId: string, domainId: string, verified: boolean): Promise<boolean> {
  const result = await db()
    .service.transaction.write(({ ssoDomainHolder, ssoDomain }) => [
      ssoDomain
        .delete({ domain, businessId })
        .where((attr, { eq }) => eq(attr.domainId, domainId))
        .commit(),
      ...(verified
        ? [
            ssoDomainHolder
              .delete({ domain })
              .where((attr, { eq }) => `${eq(attr.businessId, businessId)} AND ${eq(attr.domainId, domainId)}`)
              .commit(),
          ]
        : []),
    ])
    .go();
  return !result.canceled;
}

/**
 * A cursor the claims listing cannot have handed out (ElectroDB's base64url JSON of the gsi1 key a page ended at) is a
 * validation error (400), never a bad key sent to DynamoDB (500).
 */
function checkedClaimsCursor(cursor: string | null): string | null {
  if (!cursor) return null;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fields = ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
    const shaped = key !== null && typeof key === 'object' && Object.keys(key).every((k) => fields.includes(k)) && fields.every((k) => typeof key[k] === 'string');
    if (shaped && String(key.gsi1pk).toLowerCase().endsWith('listing_ssodomains')) return cursor;
  } catch {
    // not JSON: refused below
  }
  throw invalidCursor();
}

/** SSO-8: every claim (admins), by domain, 50 a page; `prefix` narrows it to the domains that start with it. */
export async function listSsoDomainClaims(prefix: string, cursor: string | null): Promise<{ items: SsoDomainRecord[]; cursor: string | null }> {
  const query = prefix ? db().ssoDomain.query.all({ listing: 'ssoDomains' }).begins({ domain: prefix }) : db().ssoDomain.query.all({ listing: 'ssoDomains' });
  const { data, cursor: next } = await query.go({ limit: 50, cursor: checkedClaimsCursor(cursor) });
  return { items: data, cursor: next };
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

/**
 * SSO-3: records a successful test sign-in through `providerName`; false when that is no longer the business's current
 * provider (replaced or disconnected meanwhile: nothing written).
 */
export async function recordSsoTestSignIn(businessId: string, providerName: string, testedAt: string): Promise<boolean> {
  try {
    await db()
      .ssoConnection.patch({ businessId })
      .set({ testedProviderName: providerName, testedAt })
      .where((attr, { eq }) => eq(attr.providerName, providerName))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * Forgets the provider and switches 'Require SSO' off (with no provider it would refuse every employee's sign-in), keeping
 * the other switch.
 */
export async function clearSsoProvider(businessId: string): Promise<void> {
  const existing = await getSsoConnection(businessId);
  if (!existing) return;
  await db()
    .ssoConnection.put({ businessId, createEmployeesOnFirstSignIn: existing.createEmployeesOnFirstSignIn, requireSso: false, createdAt: existing.createdAt })
    .go({ response: 'none' });
}

/** SSO-3: deletes the business's connection (its provider, switches and test); false when there was none. */
export async function deleteSsoConnection(businessId: string): Promise<boolean> {
  const { data } = await db().ssoConnection.delete({ businessId }).go({ response: 'all_old' });
  return Boolean(data);
}

/**
 * Saves the switches. `testedProvider`: only while it is both the current provider and the one the last test sign-in
 * went through (false when not: nothing written).
 */
export async function saveSsoSettings(businessId: string, settings: { createEmployeesOnFirstSignIn: boolean; requireSso: boolean }, testedProvider: string | null = null): Promise<boolean> {
  if (!testedProvider) {
    await db().ssoConnection.upsert({ businessId, ...settings }).go({ response: 'none' });
    return true;
  }
  try {
    await db()
      .ssoConnection.patch({ businessId })
      .set(settings)
      .where((attr, { eq }) => `${eq(attr.testedProviderName, testedProvider)} AND ${eq(attr.providerName, testedProvider)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
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

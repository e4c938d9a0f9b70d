// Cascade delete of a business (spec 2 §4, §7 delete_business_cascade; issue 10 §3): its employees, cards, scan
// counters, memberships, guards, invitations, contacts, agency links, Apple Wallet pass registrations, single sign-on
// (identity providers and domain claims), media and every invoice that is not paid — paid invoices
// (and their monthly guards) are kept for the accounts. The business item goes last, so a delete that fails half-way
// can simply be run again. Then the people of the business lose their sessions; a failure there is only warned about.
import type { BusinessDeleted } from '../../../shared/schemas/admin';
import { globalSignOut } from '../adapters/cognito';
import { unlinkClient } from '../agency/repository';
import { deleteMediaObjects, s3 } from '../adapters/media';
import { s3Sdk } from '../adapters/sdk';
import { getBusiness } from '../business/repository';
import { mediaConfig } from '../config';
import { db } from '../data/entities';
import { endSessions } from '../identity/repository';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { removeSsoOfBusiness } from '../sso/remove-business-sso';

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/** Deletes by key with BatchWriteItem (25 per call); refuses to report success while keys are left unprocessed. */
async function deleteAll<K>(remove: (keys: K[]) => { go: () => Promise<{ unprocessed: unknown[] }> }, keys: K[]): Promise<number> {
  if (keys.length === 0) return 0;
  const { unprocessed } = await remove(keys).go();
  if (unprocessed.length > 0) throw new AppError('INTERNAL', 'Some items of the business could not be deleted. Please try again.');
  return keys.length;
}

async function mediaKeysOf(businessId: string): Promise<string[]> {
  const keys: string[] = [];
  const [{ ListObjectsV2Command }, client] = await Promise.all([s3Sdk(), s3()]);
  for (const prefix of ['qr', 'logos', 'photos', 'uploads', 'signature-qr']) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: mediaConfig().MEDIA_BUCKET, Prefix: `${prefix}/${businessId}/`, ContinuationToken }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }
  return keys;
}

/** Ends every session of these users: our token cut-off, and Cognito's global sign-out (refresh tokens). */
async function revokeSessions(userIds: string[]): Promise<boolean> {
  const outcomes = await inParallel(userIds, 5, async (userId) => {
    try {
      await endSessions(userId);
      await globalSignOut(userId);
      return true;
    } catch (error) {
      logger.warn('a session of a deleted business was not revoked', { userId, error: error as Error });
      return false;
    }
  });
  return outcomes.every(Boolean);
}

export async function deleteBusiness(businessId: string): Promise<BusinessDeleted> {
  const business = await getBusiness(businessId);
  if (!business) throw notFound('Business not found.');
  const e = db();

  const dashboard = await e.service.collections.dashboard({ businessId }).go({ pages: 'all' });
  const employees = dashboard.data.employee;
  const cards = dashboard.data.card;
  const [businessDays, emailGuards, memberships, agencyLinks, invoices, invoiceGuards, contacts, cardDays, auditEntries, leavers] = await Promise.all([
    e.businessScanDay.query.primary({ businessId }).go({ pages: 'all' }),
    e.employeeEmailGuard.query.primary({ businessId }).go({ pages: 'all' }),
    e.membership.query.byScope({ scopeType: 'business', scopeId: businessId }).go({ pages: 'all' }),
    e.agencyClient.query.byBusiness({ businessId }).go({ pages: 'all' }),
    e.invoice.query.byBusiness({ businessId }).go({ pages: 'all' }),
    e.invoiceGuard.query.primary({ businessId }).go({ pages: 'all' }),
    e.contact.query.byBusiness({ businessId }).go({ pages: 'all', attributes: ['contactId'] }),
    inParallel(cards, 8, (card) => e.cardScanDay.query.primary({ cardId: card.cardId }).go({ pages: 'all' })),
    e.auditEntry.query.primary({ businessId }).go({ pages: 'all', attributes: ['at', 'entryId'] }),
    // Leavers' pages and tombstones (issue 23 §2) go with the business: its cards then answer 404.
    e.leaver.query.byBusiness({ businessId }).go({ pages: 'all' }),
  ]);
  // The devices that registered a card's Apple Wallet pass for updates (serial number = card id), leavers' cards too.
  const passRegistrations = (
    await inParallel([...cards.map(({ cardId }) => cardId), ...leavers.data.map(({ cardId }) => cardId)], 8, (serialNumber) =>
      e.passRegistration.query.bySerial({ serialNumber }).go({ pages: 'all', attributes: ['deviceLibraryIdentifier', 'passTypeIdentifier', 'serialNumber'] }),
    )
  ).flatMap((r) => r.data);
  const unpaid = invoices.data.filter((invoice) => invoice.status !== 'paid');
  const unpaidIds = new Set(unpaid.map((invoice) => invoice.invoiceId));
  const linkedUsers = employees.filter((employee) => employee.userId).map((employee) => employee.userId!);
  const [invitations, userGuards, billingGuard, ownerGuard] = await Promise.all([
    employees.length ? e.invitation.get(employees.map(({ employeeId }) => ({ employeeId }))).go() : Promise.resolve({ data: [] }),
    inParallel(linkedUsers, 8, (userId) => e.employeeUserGuard.get({ userId }).go()),
    business.billingEmail ? e.billingEmailGuard.get({ billingEmail: business.billingEmail }).go() : Promise.resolve({ data: null }),
    e.businessOwnerGuard.get({ ownerId: business.ownerId }).go(),
  ]);

  // Its identity providers and domain claims first: a claim left behind would keep holding the domain.
  let items = await removeSsoOfBusiness(businessId);
  items += await deleteAll((k) => e.cardScanDay.delete(k), cardDays.flatMap((r) => r.data.map(({ cardId, day }) => ({ cardId, day }))));
  items += await deleteAll((k) => e.businessScanDay.delete(k), businessDays.data.map(({ day }) => ({ businessId, day })));
  items += await deleteAll((k) => e.cardScanTotal.delete(k), dashboard.data.cardScanTotal.map(({ cardId }) => ({ cardId })));
  items += await deleteAll((k) => e.card.delete(k), cards.map(({ cardId }) => ({ cardId })));
  items += await deleteAll((k) => e.leaver.delete(k), leavers.data.map(({ cardId }) => ({ cardId })));
  items += await deleteAll((k) => e.passRegistration.delete(k), passRegistrations);
  items += await deleteAll((k) => e.invitation.delete(k), invitations.data.map(({ employeeId }) => ({ employeeId })));
  items += await deleteAll((k) => e.employeeUserGuard.delete(k), userGuards.flatMap((g) => (g.data && employees.some((x) => x.employeeId === g.data!.employeeId) ? [{ userId: g.data.userId }] : [])));
  items += await deleteAll((k) => e.employee.delete(k), employees.map(({ employeeId }) => ({ employeeId })));
  items += await deleteAll((k) => e.employeeEmailGuard.delete(k), emailGuards.data.map(({ email }) => ({ businessId, email })));
  items += await deleteAll((k) => e.membership.delete(k), memberships.data.map(({ userId }) => ({ userId, scopeType: 'business' as const, scopeId: businessId })));
  items += await deleteAll((k) => e.contact.delete(k), contacts.data.map(({ contactId }) => ({ contactId })));
  // Each link with the business's copy of its managing agency (unlinkClient), newest first: the oldest, last, takes it off.
  for (const { agencyId } of agencyLinks.data.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))) if (await unlinkClient({ agencyId, businessId })) items += 1;
  items += await deleteAll((k) => e.invoiceGuard.delete(k), invoiceGuards.data.filter((g) => unpaidIds.has(g.invoiceId)).map(({ period }) => ({ businessId, period })));
  items += await deleteAll((k) => e.invoice.delete(k), unpaid.map(({ invoiceId }) => ({ invoiceId })));
  // Its audit log goes with it (issue 23 §3): nobody can open a deleted business's Activity.
  items += await deleteAll((k) => e.auditEntry.delete(k), auditEntries.data.map(({ at, entryId }) => ({ businessId, at, entryId })));
  if (billingGuard.data?.businessId === businessId) items += await deleteAll((k) => e.billingEmailGuard.delete(k), [{ billingEmail: billingGuard.data.billingEmail }]);
  if (ownerGuard.data?.businessId === businessId) items += await deleteAll((k) => e.businessOwnerGuard.delete(k), [{ ownerId: ownerGuard.data.ownerId }]);

  const objects = await mediaKeysOf(businessId);
  for (let i = 0; i < objects.length; i += 1000) await deleteMediaObjects(objects.slice(i, i + 1000));

  // Last: while the business exists, the delete can be run again to finish what a failure left.
  items += await deleteAll((k) => e.businessScanTotal.delete(k), [{ businessId }]);
  items += await deleteAll((k) => e.business.delete(k), [{ businessId }]);

  const sessionsRevoked = await revokeSessions([...new Set(memberships.data.map((m) => m.userId))]);
  return { businessId, name: business.name, deletedItems: items, deletedObjects: objects.length, keptPaidInvoices: invoices.data.length - unpaid.length, sessionsRevoked };
}

// An agency's custom domains (issue 21 §2): Add (the items, then the CloudFront tenant), the list with its state (read
// back from CloudFront at most once per REFRESH_SECONDS per domain while it is not active, and once per
// ACTIVE_REFRESH_SECONDS once it is), and Remove (the cards whose QR codes encode it get new ones with the platform
// URL first, then the tenant and the items go), and Move QR codes (an active domain's clients' cards whose QR codes
// still encode the platform's address get new ones with the domain). For the agency's owner and admins; to anyone else 403.
import { createHash, randomBytes } from 'node:crypto';
import { customDomainMessages } from '../../../shared/messages/custom-domains';
import { customDomainProblem, type CustomDomain, type CustomDomainList, type RemovedCustomDomain } from '../../../shared/schemas/custom-domain';
import { createTenant, readTenant, removeTenant } from '../adapters/cloudfront-tenants';
import { assertManagesAgency as assertAgencyManager } from '../agency/agency-access';
import { listClientLinks } from '../agency/repository';
import { storeCardQr } from '../business/generate-card-qr';
import { tenantsConfig } from '../config';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { originOfDomain, platformHost } from '../domain-records/domain-origin';
import { ACTIVE_REFRESH_SECONDS, REFRESH_SECONDS, stateOf } from './domain-state';
import { cardsWithPlatformQr, cardsWithQrOrigin, claimDomain, listAgencyDomains, getCustomDomain, releaseDomain, setDomainState, setDomainTenant, type CustomDomainRecord } from '../domain-records/repository';

/** Domains an agency may have at once (each is a CloudFront tenant and a certificate). */
export const MAX_DOMAINS = 5;

/** The agency's owner or an admin; then the agency must exist (404). */
const assertManagesAgency = (caller: Caller, agencyId: string) => assertAgencyManager(caller, agencyId, customDomainMessages.agencyNotFound);

/** Custom domains need the tenant distribution configured; without it the API says so (503). */
function tenants() {
  try {
    return tenantsConfig();
  } catch {
    throw new AppError('NOT_CONFIGURED', customDomainMessages.notConfigured);
  }
}

/** The agency's clients' businesses (whose cards' QR codes a domain of the agency concerns). */
async function clientIdsOf(agencyId: string): Promise<string[]> {
  return (await listClientLinks(agencyId)).map((l) => l.businessId);
}

/** How many cards' QR codes encode the domain, and (once it is active) how many still encode the platform's address. */
async function qrCountsOf(agencyId: string, record: CustomDomainRecord): Promise<QrCounts> {
  const clients = await clientIdsOf(agencyId);
  const [onDomain, onPlatform] = await Promise.all([
    cardsWithQrOrigin(clients, originOfDomain(record.domain)),
    record.state === 'active' ? cardsWithPlatformQr(clients) : [],
  ]);
  return { qrCardCount: onDomain.length, platformQrCardCount: onPlatform.length };
}

type QrCounts = Pick<CustomDomain, 'qrCardCount' | 'platformQrCardCount'>;

/** Reads the state back from CloudFront when the stored one is older than its refresh interval. */
async function refreshed(record: CustomDomainRecord): Promise<CustomDomainRecord> {
  if (!record.tenantId) return record;
  const age = record.checkedAt ? (Date.now() - Date.parse(record.checkedAt)) / 1000 : Infinity;
  if (age < (record.state === 'active' ? ACTIVE_REFRESH_SECONDS : REFRESH_SECONDS)) return record;
  const snapshot = await readTenant(record.tenantId, record.domain);
  const { state, reason } = stateOf(snapshot, tenants().TENANT_ROUTING_ENDPOINT);
  if (state !== record.state) logger.info('custom domain state changed', { domain: record.domain, from: record.state, to: state });
  return setDomainState(record.domain, state, reason);
}

function toDto(record: CustomDomainRecord, counts: QrCounts): CustomDomain {
  const records: CustomDomain['dnsRecords'] = [
    { type: 'CNAME', name: record.domain, value: tenants().TENANT_ROUTING_ENDPOINT, purpose: 'Points the domain at CardCrew’s card servers; it also lets CloudFront validate the certificate.' },
  ];
  return {
    id: record.domainId,
    domain: record.domain,
    state: record.state,
    reason: record.reason ?? (record.state === 'pending-dns' ? customDomainMessages.pendingDns(tenants().TENANT_ROUTING_ENDPOINT) : null),
    dnsRecords: records,
    origin: originOfDomain(record.domain),
    ...counts,
    checkedAt: record.checkedAt ?? null,
    createdAt: record.createdAt,
  };
}

export async function listCustomDomains(caller: Caller, agencyId: string): Promise<CustomDomainList> {
  await assertManagesAgency(caller, agencyId);
  const records = (await Promise.all((await listAgencyDomains(agencyId)).map((mine) => getCustomDomain(mine.domain)))).filter((r) => r !== null);
  const current = await Promise.all(records.map(refreshed));
  return { domains: await Promise.all(current.map(async (r) => toDto(r, await qrCountsOf(agencyId, r)))) };
}

export async function addCustomDomain(caller: Caller, agencyId: string, domain: string): Promise<CustomDomain> {
  await assertManagesAgency(caller, agencyId);
  const problem = customDomainProblem(domain, platformHost());
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { domain: problem });
  tenants();
  if ((await listAgencyDomains(agencyId)).length >= MAX_DOMAINS) throw new AppError('CONFLICT', customDomainMessages.tooMany(MAX_DOMAINS), { domain: customDomainMessages.tooMany(MAX_DOMAINS) });
  const domainId = randomBytes(12).toString('base64url');
  const record = await claimDomain(agencyId, domain, domainId);
  try {
    // The tenant's name is CloudFront's unique handle: derived from the domain, in the characters names allow.
    const name = `cardcrew-${createHash('sha256').update(domain).digest('hex').slice(0, 24)}`;
    const tenant = await createTenant(name, domain);
    await setDomainTenant(domain, tenant.id);
    return toDto(await refreshed({ ...record, tenantId: tenant.id }), { qrCardCount: 0, platformQrCardCount: 0 });
  } catch (error) {
    // Nothing of the domain stays behind when CloudFront refused it (or could not be reached).
    await releaseDomain(agencyId, domain);
    const name = (error as Error).name;
    if (name === 'CNAMEAlreadyExists' || name === 'EntityAlreadyExists') throw new AppError('CONFLICT', customDomainMessages.taken, { domain: customDomainMessages.taken });
    throw error;
  }
}

export async function removeCustomDomain(caller: Caller, agencyId: string, domainId: string): Promise<RemovedCustomDomain> {
  await assertManagesAgency(caller, agencyId);
  const mine = (await listAgencyDomains(agencyId)).find((d) => d.domainId === domainId);
  if (!mine) throw notFound(customDomainMessages.domainNotFound);
  const record = await getCustomDomain(mine.domain);
  // QR codes first (with the platform URL), so a failure leaves the domain in place and Remove can be tried again.
  const cards = await cardsWithQrOrigin(await clientIdsOf(agencyId), originOfDomain(mine.domain));
  for (const card of cards) await storeCardQr(card, null);
  if (record?.tenantId) await removeTenant(record.tenantId);
  await releaseDomain(agencyId, mine.domain);
  logger.info('custom domain removed', { agencyId, domain: mine.domain, regeneratedQrCodes: cards.length });
  return { domain: mine.domain, regeneratedQrCodes: cards.length };
}

/**
 * Move QR codes: every card of the agency's clients whose QR code encodes the platform's address gets a new one with
 * the active domain (409 while it is not active). The platform's address keeps serving those cards, so printed codes
 * go on working; running it again finds nothing left to move.
 */
export async function moveQrCodesToDomain(caller: Caller, agencyId: string, domainId: string): Promise<CustomDomain> {
  await assertManagesAgency(caller, agencyId);
  const mine = (await listAgencyDomains(agencyId)).find((d) => d.domainId === domainId);
  const record = mine ? await getCustomDomain(mine.domain) : null;
  if (!record) throw notFound(customDomainMessages.domainNotFound);
  // The stored state (the list, which offers Move, has just read it back): a refused Move writes nothing.
  if (record.state !== 'active') throw new AppError('CONFLICT', customDomainMessages.moveNotActive);
  const origin = originOfDomain(record.domain);
  const cards = await cardsWithPlatformQr(await clientIdsOf(agencyId));
  for (const card of cards) await storeCardQr(card, origin);
  logger.info('QR codes moved to custom domain', { agencyId, domain: record.domain, regeneratedQrCodes: cards.length });
  return toDto(record, await qrCountsOf(agencyId, record));
}

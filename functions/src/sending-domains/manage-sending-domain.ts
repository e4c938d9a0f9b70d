// An agency's own sending domain: Add (the items, then the SES domain identity with Easy DKIM), the domain with its
// state (read back from SES at most once per REFRESH_SECONDS while it is not verified, once per ACTIVE_REFRESH_SECONDS
// after), and Remove. Once SES has verified it, its clients' mails go from no-reply@ it: the agency's brand carries the
// domain and is copied onto every client (white-label/client-brand.ts), so the mail senders read it where they already
// read the brand. For the agency's owner and admins; to anyone else 403.
import { sendingDomainMessages } from '../../../shared/messages/sending-domain';
import { customDomainProblem } from '../../../shared/schemas/custom-domain';
import type { RemovedSendingDomain, SendingDomain, SendingDomainState, SendingDomainView } from '../../../shared/schemas/sending-domain';
import { SENDER_LOCAL_PART } from '../adapters/sender-address';
import { createDomainIdentity, deleteDomainIdentity, readDomainIdentity, type IdentitySnapshot } from '../adapters/ses-identities';
import { assertManagesAgency as assertAgencyManager } from '../agency/agency-access';
import { getAgency } from '../agency/repository';
import { platformHost } from '../domain-records/domain-origin';
import { ACTIVE_REFRESH_SECONDS, REFRESH_SECONDS } from '../custom-domains/domain-state';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { applyBrandToClients } from '../agency/client-brand';
import { claimSendingDomain, getSendingDomain, releaseSendingDomain, setAgencySenderVerified, setSendingDomainState, type SendingDomainRecord } from './repository';

/** SES's DKIM status as the agency sees it: SUCCESS verified, FAILED failed (SES stopped looking), anything else pending. */
export function stateOfIdentity(identity: IdentitySnapshot): SendingDomainState {
  if (identity.dkimStatus === 'SUCCESS' && identity.verifiedForSending) return 'verified';
  if (identity.dkimStatus === 'FAILED') return 'failed';
  return 'pending';
}

const assertManagesAgency = (caller: Caller, agencyId: string) => assertAgencyManager(caller, agencyId, sendingDomainMessages.agencyNotFound);

function toDto(record: SendingDomainRecord): SendingDomain {
  const m = sendingDomainMessages;
  const fromAddress = `${SENDER_LOCAL_PART}@${record.domain}`;
  const reason = record.state === 'verified' ? m.verified(fromAddress) : record.state === 'failed' ? m.failed : record.dkimStatus === 'TEMPORARY_FAILURE' ? m.temporaryFailure : m.pending;
  return {
    domain: record.domain,
    state: record.state,
    reason,
    // Easy DKIM: SES signs with three keys, each published as a CNAME to SES's key record.
    dnsRecords: (record.dkimTokens ?? []).map((token) => ({
      type: 'CNAME' as const,
      name: `${token}._domainkey.${record.domain}`,
      value: `${token}.dkim.amazonses.com`,
      purpose: 'A DKIM key Amazon SES signs your clients’ mails with; it proves they come from your domain.',
    })),
    fromAddress,
    checkedAt: record.checkedAt ?? null,
    createdAt: record.createdAt,
  };
}

/**
 * Reads the state back from SES when the stored one is older than its refresh interval; when it turns verified (or
 * stops being so) the agency's brand, with or without the domain, goes to every client.
 */
async function refreshed(record: SendingDomainRecord): Promise<SendingDomainRecord> {
  const age = record.checkedAt ? (Date.now() - Date.parse(record.checkedAt)) / 1000 : Infinity;
  if (age < (record.state === 'pending' ? REFRESH_SECONDS : ACTIVE_REFRESH_SECONDS)) return record;
  const identity = await readDomainIdentity(record.domain);
  const state = stateOfIdentity(identity);
  const next = await setSendingDomainState(record.domain, state, identity.dkimStatus, identity.dkimTokens);
  if ((state === 'verified') !== (record.state === 'verified')) {
    logger.info('sending domain state changed', { domain: record.domain, from: record.state, to: state });
    await setAgencySenderVerified(record.agencyId, state === 'verified');
    const agency = await getAgency(record.agencyId);
    if (agency) await applyBrandToClients(agency);
  }
  return next;
}

/** The agency's sending domain item, or null when it has none. */
async function sendingDomainOf(agencyId: string): Promise<SendingDomainRecord | null> {
  const agency = await getAgency(agencyId);
  if (!agency?.sendingDomain) return null;
  const record = await getSendingDomain(agency.sendingDomain);
  return record?.agencyId === agencyId ? record : null;
}

export async function getAgencySendingDomain(caller: Caller, agencyId: string): Promise<SendingDomainView> {
  await assertManagesAgency(caller, agencyId);
  const record = await sendingDomainOf(agencyId);
  return { sendingDomain: record && toDto(await refreshed(record)) };
}

export async function addSendingDomain(caller: Caller, agencyId: string, domain: string): Promise<SendingDomain> {
  await assertManagesAgency(caller, agencyId);
  const problem = customDomainProblem(domain, platformHost());
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { domain: problem });
  const record = await claimSendingDomain(agencyId, domain);
  let identity: IdentitySnapshot;
  try {
    identity = await createDomainIdentity(domain);
  } catch (error) {
    // Nothing of the domain stays behind when SES refused it (or could not be reached). An identity SES already has
    // is someone else's (the platform's own sender, or another product in the account): never adopted, never deleted.
    await releaseSendingDomain(agencyId, domain);
    if ((error as Error).name === 'AlreadyExistsException') throw new AppError('CONFLICT', sendingDomainMessages.taken, { domain: sendingDomainMessages.taken });
    throw error;
  }
  logger.info('sending domain added', { agencyId, domain });
  return toDto(await setSendingDomainState(record.domain, stateOfIdentity(identity), identity.dkimStatus, identity.dkimTokens));
}

export async function removeSendingDomain(caller: Caller, agencyId: string): Promise<RemovedSendingDomain> {
  await assertManagesAgency(caller, agencyId);
  const record = await sendingDomainOf(agencyId);
  if (!record) throw notFound(sendingDomainMessages.notFound);
  // Mails go from the platform's address again before the identity goes, so none is sent from a domain SES no longer
  // signs for; a failure after that leaves the domain in place and Remove can be tried again.
  if (record.state === 'verified') {
    await setAgencySenderVerified(agencyId, false);
    const agency = await getAgency(agencyId);
    if (agency) await applyBrandToClients(agency);
  }
  await deleteDomainIdentity(record.domain);
  await releaseSendingDomain(agencyId, record.domain);
  logger.info('sending domain removed', { agencyId, domain: record.domain });
  return { domain: record.domain };
}

// Access patterns of an agency's sending domain (docs/access-patterns.md "SENDING-1, SENDING-2"): the sendingDomain
// item keyed by the domain (one agency each) and the agency item's `sendingDomain` (one per agency), written together.
import type { EntityItem } from 'electrodb';
import { sendingDomainMessages } from '../../../shared/messages/sending-domain';
import type { SendingDomainState } from '../../../shared/schemas/sending-domain';
import { db, type Db } from '../data/entities';
import { AppError } from '../lib/errors';

export type SendingDomainRecord = EntityItem<Db['sendingDomain']>;

export async function getSendingDomain(domain: string): Promise<SendingDomainRecord | null> {
  const { data } = await db().sendingDomain.get({ domain }).go({ consistent: true });
  return data;
}

/**
 * Add: the domain item (only if no agency has the domain) and the agency's `sendingDomain` (only if it has none) in one
 * transaction; 409 when either is taken.
 */
export async function claimSendingDomain(agencyId: string, domain: string): Promise<SendingDomainRecord> {
  const result = await db()
    .service.transaction.write(({ sendingDomain, agency }) => [
      sendingDomain.create({ domain, agencyId, state: 'pending' }).commit(),
      agency
        .patch({ agencyId })
        .set({ sendingDomain: domain, sendingDomainVerified: false })
        .where(({ sendingDomain: current }, { notExists }) => notExists(current))
        .commit(),
    ])
    .go();
  if (result.canceled) {
    const [domainTaken] = result.data;
    const message = domainTaken?.rejected ? sendingDomainMessages.taken : sendingDomainMessages.onePerAgency;
    throw new AppError('CONFLICT', message, { domain: message });
  }
  return (await getSendingDomain(domain))!;
}

/** Records what SES answered (and when). */
export async function setSendingDomainState(domain: string, state: SendingDomainState, dkimStatus: string, dkimTokens: string[]): Promise<SendingDomainRecord> {
  const { data } = await db().sendingDomain.patch({ domain }).set({ state, dkimStatus, dkimTokens, checkedAt: new Date().toISOString() }).go({ response: 'all_new' });
  return data as SendingDomainRecord;
}

/** Whether the agency's clients' mails go from its domain (the brand copies it to each client). */
export async function setAgencySenderVerified(agencyId: string, verified: boolean): Promise<void> {
  await db().agency.patch({ agencyId }).set({ sendingDomainVerified: verified }).go();
}

/** Remove (or an Add SES refused): both in one transaction. */
export async function releaseSendingDomain(agencyId: string, domain: string): Promise<void> {
  await db()
    .service.transaction.write(({ sendingDomain, agency }) => [
      sendingDomain.delete({ domain }).commit(),
      agency.patch({ agencyId }).remove(['sendingDomain', 'sendingDomainVerified']).commit(),
    ])
    .go();
}

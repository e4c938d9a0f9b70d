// SES domain identities with Easy DKIM (an agency's sending domain): create, read, delete. The only module that calls
// them; locally the SDK reaches the stand-in (functions/local/ses-identities.ts) through SES_IDENTITIES_ENDPOINT, unchanged.
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { localClientOptions, runtimeConfig, sendingIdentitiesConfig } from '../config';
import { lazy } from '../lib/lazy';
import { sesSdk } from './sdk';

/** What the product reads of an identity: DKIM's status (PENDING, SUCCESS, FAILED, TEMPORARY_FAILURE, NOT_STARTED) and its three tokens. */
export interface IdentitySnapshot {
  dkimStatus: string;
  dkimTokens: string[];
  verifiedForSending: boolean;
}

const client = lazy(async (): Promise<SESv2Client> => {
  const { SESv2Client } = await sesSdk();
  return new SESv2Client({ region: runtimeConfig().AWS_REGION, maxAttempts: 2, ...localClientOptions(sendingIdentitiesConfig().SES_IDENTITIES_ENDPOINT) });
});

function snapshotOf(out: { DkimAttributes?: { Status?: string; Tokens?: string[] }; VerifiedForSendingStatus?: boolean }): IdentitySnapshot {
  return { dkimStatus: out.DkimAttributes?.Status ?? 'NOT_STARTED', dkimTokens: out.DkimAttributes?.Tokens ?? [], verifiedForSending: out.VerifiedForSendingStatus === true };
}

/** Creates the domain identity with Easy DKIM (SES's default, a 2048-bit key it rotates); AlreadyExistsException when the account has it. */
export async function createDomainIdentity(domain: string): Promise<IdentitySnapshot> {
  const { CreateEmailIdentityCommand } = await sesSdk();
  return snapshotOf(await (await client()).send(new CreateEmailIdentityCommand({ EmailIdentity: domain })));
}

/** The identity's DKIM state now; NotFoundException when it does not exist. */
export async function readDomainIdentity(domain: string): Promise<IdentitySnapshot> {
  const { GetEmailIdentityCommand } = await sesSdk();
  return snapshotOf(await (await client()).send(new GetEmailIdentityCommand({ EmailIdentity: domain })));
}

/** Deletes the identity; one already gone counts as deleted (a retried Remove). */
export async function deleteDomainIdentity(domain: string): Promise<void> {
  const { DeleteEmailIdentityCommand } = await sesSdk();
  try {
    await (await client()).send(new DeleteEmailIdentityCommand({ EmailIdentity: domain }));
  } catch (error) {
    if ((error as Error).name !== 'NotFoundException') throw error;
  }
}

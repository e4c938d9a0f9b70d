// The card-sharing reaction `appleWallet` (issue 22 §1): when what a card shows changes (name, title, photo, the
// company brand, active or not), every device holding its pass is pushed through APNs and fetches the new pass (the
// web service's tag and Last-Modified are the card's updatedAt, already moved by the write). A token APNs calls
// Unregistered (410) loses its registration. Idempotent: a repeated push only makes Wallet ask again. Without a signer
// or an APNs key nothing is sent. Other APNs refusals are logged, not retried (a bad token stays bad).
import { appleWalletSigner } from '../adapters/apple-wallet-signer';
import type { CardChange } from '../business/card-changes';
import { logger } from '../lib/logger';
import { pushPassUpdates } from './apns';
import { deleteRegistration, registrationsOfSerial } from './registrations';

export async function pushPassUpdate(change: CardChange): Promise<void> {
  if (!change.after) return;
  const signer = await appleWalletSigner();
  if (!signer?.apnsKey) return;
  const registrations = (await registrationsOfSerial(change.cardId)).filter((r) => r.passTypeIdentifier === signer.passTypeIdentifier);
  if (registrations.length === 0) return;
  const outcomes = await pushPassUpdates(signer, [...new Set(registrations.map((r) => r.pushToken))]);
  for (const registration of registrations) {
    const outcome = outcomes.get(registration.pushToken);
    if (outcome === 'unregistered') await deleteRegistration(registration);
    else if (outcome && outcome !== 'sent') logger.warn('apple wallet push refused', { cardId: change.cardId, status: outcome.failed, reason: outcome.reason });
  }
}

// Every way of sharing a card that keeps itself current when the card changes (issue 22). Each reaction is named, so a
// failure in the log says which one failed. They run one after another for a change; each must be idempotent.
import type { CardReaction } from './card-changes';
import { pushPassUpdate } from '../apple-wallet/update-reaction';

export const cardReactions: Record<string, CardReaction> = {
  // Issue 22 §1: devices holding the card's Apple Wallet pass are pushed and fetch the new pass.
  appleWallet: pushPassUpdate,
};

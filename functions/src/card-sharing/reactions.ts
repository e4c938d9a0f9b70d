// Every way of sharing a card that keeps itself current when the card changes (issue 22). Each reaction is named, so a
// failure in the log says which one failed. They run one after another for a change; each must be idempotent.
import { updateLinkPreview } from '../link-preview/card-preview';
import { updateWalletObject } from '../wallet/update-wallet-object';
import type { CardReaction } from '../business/card-changes';
import { pushPassUpdate } from '../apple-wallet/update-reaction';

export const cardReactions: Record<string, CardReaction> = {
  /** The link preview image chat apps show for the card's URL (issue 22 §5). */
  linkPreview: updateLinkPreview,
  /** A saved Google Wallet pass shows the card's current person, company and state (a PATCH is idempotent). */
  googleWallet: updateWalletObject,
  /** Devices holding the card's Apple Wallet pass are pushed and fetch the new pass (issue 22 §1). */
  appleWallet: pushPassUpdate,
};

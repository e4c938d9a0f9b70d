// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Issue 22 §1: 'Add to Apple Wallet' (docs/decisions.md "Apple Wallet (issue 22 §1)"). */
export const appleWalletMessages = {
  addFailed: 'Failed to add to Apple Wallet. Please try again.',
  notAvailable: 'Apple Wallet is not available for this site.',
  linkForged: 'This Apple Wallet link is not valid. Use Add to Apple Wallet again.',
  linkExpired: 'This Apple Wallet link has expired. Use Add to Apple Wallet again.',
} as const;

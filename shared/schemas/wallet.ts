// Add to Google Wallet (spec 1 §7 generate-google-wallet-pass): the response the portal opens in a new tab.
import * as z from '../zod';

export const walletPassSchema = z.object({ saveUrl: z.url() });
export type WalletPass = z.infer<typeof walletPassSchema>;

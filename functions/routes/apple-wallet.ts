// Apple Wallet (issue 22 §1): the `appleWallet` area's routes (functions/routes.ts combines every area's). A signed-in
// call answers a short-lived link; the link itself is public (Safari must open it as a plain navigation for Wallet to
// take the pass), its HMAC signature being the credential.
import { applePassDownloadQuerySchema, applePassLinkSchema } from '../../shared/schemas/apple-wallet';
import { defineRoutes } from './define';

export const appleWalletRoutes = defineRoutes('appleWallet', {
  createApplePassLink: {
    method: 'POST',
    path: '/api/cards/{cardId}/apple-wallet-pass',
    auth: 'user',
    throttle: 'standard',
    summary: "Add to Apple Wallet: a link, valid for 5 minutes, to the card's signed pass (the card's employee and whoever manages its business; 404 when Apple Wallet is not set up)",
    response: applePassLinkSchema,
    scoped: true,
  },
  downloadApplePass: {
    method: 'GET',
    path: '/api/apple-wallet/passes/{cardId}',
    auth: 'public',
    throttle: 'strict',
    summary: 'The signed .pkpass behind a link createApplePassLink gave (403 for a forged link, 410 once expired)',
    query: applePassDownloadQuerySchema,
    produces: 'application/vnd.apple.pkpass',
    scoped: true,
  },
});

// The `appleWallet` area Lambda (issue 22 §1): the only one carrying passkit-generator (with node-forge and joi) and
// the signer. 'Add to Apple Wallet' links, the pass download and Apple's PassKit web service.
import { raw } from '../lib/http';
import { httpHandler } from '../lib/http-handler';
import { appleWalletRoutes } from '../../routes/apple-wallet';
import { createApplePassLink, downloadApplePass } from './apple-pass';
import { PKPASS_CONTENT_TYPE } from './build-pass';

export const handler = httpHandler(appleWalletRoutes, {
  createApplePassLink: async ({ caller, params }) => createApplePassLink(caller, params.cardId),
  downloadApplePass: async ({ params, query }) => {
    const { pass, fileName } = await downloadApplePass(params.cardId, query);
    return raw({
      headers: { 'content-type': PKPASS_CONTENT_TYPE, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
      body: pass.toString('base64'),
      isBase64Encoded: true,
    });
  },
});

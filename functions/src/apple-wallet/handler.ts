// The `appleWallet` area Lambda (issue 22 §1): the only one carrying passkit-generator (with node-forge and joi) and
// the signer. 'Add to Apple Wallet' links, the pass download and Apple's PassKit web service. passkit-generator loads
// with the first pass this container signs (apple-pass.ts), not at import: most calls (links, registrations, logs) sign none.
import { raw } from '../http/http';
import { httpHandler } from '../http/http-handler';
import { appleWalletRoutes } from '../../routes/apple-wallet';
import { createApplePassLink, downloadApplePass } from './apple-pass';
import { latestPass, recordDeviceLogs, registerDevice, unregisterDevice, updatedSerials } from './passkit-service';

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

const header = (event: { headers?: Record<string, string | undefined> }, name: string) => event.headers?.[name] ?? event.headers?.[name.toLowerCase()];
const empty = (status: number) => raw({ status, headers: { 'cache-control': 'no-store' }, body: '' });

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
  registerPassDevice: async ({ params, body, event }) => empty(await registerDevice(params, body.pushToken, header(event, 'authorization'))),
  unregisterPassDevice: async ({ params, event }) => {
    await unregisterDevice(params, header(event, 'authorization'));
    return empty(200);
  },
  listUpdatedPasses: async ({ params, query }) => (await updatedSerials(params.deviceLibraryIdentifier, params.passTypeIdentifier, query.passesUpdatedSince)) ?? empty(204),
  getLatestPass: async ({ params, event }) => {
    const latest = await latestPass(params.passTypeIdentifier, params.serialNumber, header(event, 'authorization'), header(event, 'if-modified-since'));
    if (latest === 'not modified') return empty(304);
    return raw({
      headers: { 'content-type': PKPASS_CONTENT_TYPE, 'last-modified': latest.lastModified, 'cache-control': 'no-store' },
      body: latest.pass.toString('base64'),
      isBase64Encoded: true,
    });
  },
  logPassKitMessages: async ({ body }) => {
    recordDeviceLogs(body.logs);
    return empty(200);
  },
});

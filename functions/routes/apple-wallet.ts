// Apple Wallet (issue 22 §1): the `appleWallet` area's routes (functions/routes.ts combines every area's). A signed-in
// call answers a short-lived link; the link itself is public (Safari must open it as a plain navigation for Wallet to
// take the pass), its HMAC signature being the credential.
import {
  applePassDownloadQuerySchema,
  applePassLinkSchema,
  passkitDeviceParams,
  passkitLogBodySchema,
  passkitPassParams,
  passkitRegisterBodySchema,
  passkitRegistrationParams,
  passkitSerialsQuerySchema,
  passkitSerialsSchema,
} from '../../shared/schemas/apple-wallet';
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
  // Apple's PassKit web service, exactly at the paths Wallet calls under the pass's webServiceURL (`/api/passkit`).
  registerPassDevice: {
    method: 'POST',
    path: '/api/passkit/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}',
    auth: 'public',
    throttle: 'public',
    summary: 'PassKit: register a device for a pass’s updates (201 new, 200 already registered, 401 without the pass’s ApplePass token)',
    params: passkitRegistrationParams,
    body: passkitRegisterBodySchema,
    scoped: true,
  },
  unregisterPassDevice: {
    method: 'DELETE',
    path: '/api/passkit/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}',
    auth: 'public',
    throttle: 'public',
    summary: 'PassKit: unregister a device from a pass’s updates (200; 401 without the pass’s ApplePass token)',
    params: passkitRegistrationParams,
    scoped: true,
  },
  listUpdatedPasses: {
    method: 'GET',
    path: '/api/passkit/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}',
    auth: 'public',
    throttle: 'public',
    summary: 'PassKit: the serial numbers of the device’s passes changed since passesUpdatedSince, with the new tag (204 when none)',
    params: passkitDeviceParams,
    query: passkitSerialsQuerySchema,
    response: passkitSerialsSchema,
  },
  getLatestPass: {
    method: 'GET',
    path: '/api/passkit/v1/passes/{passTypeIdentifier}/{serialNumber}',
    auth: 'public',
    throttle: 'public',
    summary: 'PassKit: the latest signed pass with Last-Modified (304 when not modified since If-Modified-Since; 401 without the ApplePass token)',
    params: passkitPassParams,
    produces: 'application/vnd.apple.pkpass',
    scoped: true,
  },
  logPassKitMessages: {
    method: 'POST',
    path: '/api/passkit/v1/log',
    auth: 'public',
    throttle: 'strict',
    summary: 'PassKit: Wallet’s error messages about this service, logged (at most 50 lines of 2,000 characters)',
    body: passkitLogBodySchema,
  },
});

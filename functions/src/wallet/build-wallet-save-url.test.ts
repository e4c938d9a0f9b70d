import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import type { WalletIssuer } from '../adapters/wallet-issuer';
import { buildWalletSaveUrl, type WalletCard } from './build-wallet-save-url';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const issuer: WalletIssuer = {
  issuerId: '3388000000012345678',
  serviceAccountEmail: 'wallet@cardcrew-test.iam.gserviceaccount.com',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const card: WalletCard = {
  cardId: 'AbCdEfGhIjKlMnOpQrStUv',
  businessId: 'Biz_123-abcdefghijklmn',
  cardUrl: 'https://cards.example.com/card/AbCdEfGhIjKlMnOpQrStUv',
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  businessName: 'Analytical Engines',
  logoUrl: 'https://cards.example.com/media/logos/x-128.webp',
  backgroundColor: '#1E40AF',
};

describe('Google Wallet save link', () => {
  it('is a JWT signed RS256 by the issuer’s service account, for Google, from our origin', async () => {
    const url = buildWalletSaveUrl(issuer, card, 'https://cards.example.com');
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = url.split('/').pop()!;
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'), {
      issuer: issuer.serviceAccountEmail,
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['https://cards.example.com'] });
    expect(typeof payload.iat).toBe('number');
  });

  it('carries a Generic pass whose QR code is the card URL with the QR source marker, titled with the business and the person', async () => {
    const jwt = buildWalletSaveUrl(issuer, card, 'https://cards.example.com').split('/').pop()!;
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'));
    const pass = payload.payload as { genericClasses: { id: string }[]; genericObjects: Record<string, unknown>[] };
    expect(pass.genericClasses).toEqual([{ id: '3388000000012345678.cardcrew-business-Biz_123-abcdefghijklmn' }]);
    expect(pass.genericObjects[0]).toMatchObject({
      id: '3388000000012345678.cardcrew-card-AbCdEfGhIjKlMnOpQrStUv',
      classId: '3388000000012345678.cardcrew-business-Biz_123-abcdefghijklmn',
      state: 'ACTIVE',
      cardTitle: { defaultValue: { language: 'en-US', value: 'Analytical Engines' } },
      header: { defaultValue: { value: 'Ada Lovelace' } },
      subheader: { defaultValue: { value: 'Analyst' } },
      hexBackgroundColor: '#1E40AF',
      // The pass's code and link are marked as Google Wallet scans (issue 22 §7).
      barcode: { type: 'QR_CODE', value: `${card.cardUrl}?s=gw` },
      linksModuleData: { uris: [{ uri: `${card.cardUrl}?s=gw` }] },
      logo: { sourceUri: { uri: card.logoUrl } },
    });
  });

  it('leaves out a logo Google could not fetch (http) and a missing job title', async () => {
    const jwt = buildWalletSaveUrl(issuer, { ...card, logoUrl: 'http://127.0.0.1:3000/media/x.webp', jobTitle: undefined }, 'http://127.0.0.1:3000').split('/').pop()!;
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'));
    const object = (payload.payload as { genericObjects: Record<string, unknown>[] }).genericObjects[0]!;
    expect(object.logo).toBeUndefined();
    expect(object.subheader).toBeUndefined();
  });
});

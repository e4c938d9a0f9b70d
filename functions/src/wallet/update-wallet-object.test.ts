import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardRecord } from '../business/repository';
import type { WalletIssuer } from '../adapters/wallet-issuer';
import { walletObjectPatch, walletObjectUpdate } from './update-wallet-object';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const issuer: WalletIssuer = { issuerId: '3388000000012345678', serviceAccountEmail: 'wallet@x.iam.gserviceaccount.com', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };

const card = (overrides: Partial<CardRecord> = {}): CardRecord =>
  ({
    cardId: 'AbCdEfGhIjKlMnOpQrStUv',
    businessId: 'Biz_123-abcdefghijklmn',
    employeeId: 'emp1',
    isActive: true,
    profile: { name: 'Ada Lovelace', jobTitle: 'Analyst', email: 'ada@example.com' },
    business: { name: 'Analytical Engines', logoUrl: 'https://cards.example.com/media/logos/Biz_123/v1/256.webp', primaryColor: '#1E40AF' },
    ...overrides,
  }) as CardRecord;

beforeAll(() => {
  process.env.PUBLIC_ORIGIN ??= 'https://cards.example.com';
});

describe('the googleWallet reaction’s PATCH', () => {
  it('carries the card’s new person, company, brand and code, ACTIVE while the card is active', () => {
    const after = card({ profile: { name: 'Ada King', jobTitle: 'Countess', email: 'ada@example.com' } as CardRecord['profile'] });
    const { objectId, body } = walletObjectPatch(issuer, { cardId: after.cardId, businessId: after.businessId, employeeId: 'emp1', before: card(), after });
    expect(objectId).toBe('3388000000012345678.cardcrew-card-AbCdEfGhIjKlMnOpQrStUv');
    expect(body).toEqual({
      cardTitle: { defaultValue: { language: 'en-US', value: 'Analytical Engines' } },
      header: { defaultValue: { language: 'en-US', value: 'Ada King' } },
      subheader: { defaultValue: { language: 'en-US', value: 'Countess' } },
      logo: { sourceUri: { uri: 'https://cards.example.com/media/logos/Biz_123/v1/wallet.png' }, contentDescription: { defaultValue: { language: 'en-US', value: 'Analytical Engines logo' } } },
      hexBackgroundColor: '#1E40AF',
      barcode: { type: 'QR_CODE', value: `${process.env.PUBLIC_ORIGIN}/card/AbCdEfGhIjKlMnOpQrStUv?s=gw`, alternateText: 'Scan to view business card' },
      linksModuleData: { uris: [{ uri: `${process.env.PUBLIC_ORIGIN}/card/AbCdEfGhIjKlMnOpQrStUv?s=gw`, description: 'Digital Business Card', id: 'card' }] },
      state: 'ACTIVE',
    });
  });

  it('moves the pass’s code and link to the agency’s domain once the card’s QR code moved there', () => {
    const before = card();
    const moved = card({ qrOrigin: 'https://cards.bright.example' });
    const update = walletObjectUpdate(issuer, { cardId: before.cardId, businessId: before.businessId, employeeId: 'emp1', before, after: moved });
    expect(update?.body).toMatchObject({
      barcode: { value: 'https://cards.bright.example/card/AbCdEfGhIjKlMnOpQrStUv?s=gw' },
      linksModuleData: { uris: [{ uri: 'https://cards.bright.example/card/AbCdEfGhIjKlMnOpQrStUv?s=gw' }] },
    });
  });

  it('makes the pass INACTIVE when the card is deactivated or deleted', () => {
    const inactive = card({ isActive: false });
    expect(walletObjectPatch(issuer, { cardId: inactive.cardId, businessId: inactive.businessId, employeeId: 'emp1', before: card(), after: inactive }).body).toMatchObject({ state: 'INACTIVE', header: { defaultValue: { value: 'Ada Lovelace' } } });
    expect(walletObjectPatch(issuer, { cardId: inactive.cardId, businessId: inactive.businessId, employeeId: 'emp1', before: card() })).toEqual({
      objectId: '3388000000012345678.cardcrew-card-AbCdEfGhIjKlMnOpQrStUv',
      body: { state: 'INACTIVE' },
    });
  });

  it('is not sent when the pass would show the same (an e-mail or phone change)', () => {
    const before = card();
    const after = card({ profile: { ...before.profile, email: 'ada.new@example.com' } });
    expect(walletObjectUpdate(issuer, { cardId: before.cardId, businessId: before.businessId, employeeId: 'emp1', before, after })).toBeNull();
    const created = walletObjectUpdate(issuer, { cardId: before.cardId, businessId: before.businessId, employeeId: 'emp1', after });
    expect(created?.body).toMatchObject({ state: 'ACTIVE' });
    const retitled = card({ profile: { ...before.profile, jobTitle: 'Countess' } });
    expect(walletObjectUpdate(issuer, { cardId: before.cardId, businessId: before.businessId, employeeId: 'emp1', before, after: retitled })?.body).toMatchObject({ subheader: { defaultValue: { value: 'Countess' } } });
  });
});

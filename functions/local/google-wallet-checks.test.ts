import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WalletIssuer } from '../src/adapters/wallet-issuer';
import { buildWalletSaveUrl, type WalletCard } from '../src/wallet/build-wallet-save-url';
import { checkSaveJwt, checkTokenAssertion, WALLET_SCOPE, type SaveContext } from './google-wallet-checks';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: typeof keys.privateKey) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
const issuer: WalletIssuer = { issuerId: '3388000000012345678', serviceAccountEmail: 'wallet@local.iam.gserviceaccount.com', privateKey: pem(keys.privateKey) };
const card: WalletCard = {
  cardId: 'AbCdEfGhIjKlMnOpQrStUv',
  businessId: 'Biz_123-abcdefghijklmn',
  cardUrl: 'http://127.0.0.1:3000/card/AbCdEfGhIjKlMnOpQrStUv',
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  businessName: 'Analytical Engines',
  backgroundColor: '#1E40AF',
};
const site = 'http://127.0.0.1:3000';
const context: SaveContext = {
  publicKeyOf: (email) => (email === issuer.serviceAccountEmail ? keys.publicKey.export({ type: 'spki', format: 'pem' }).toString() : undefined),
  issuerId: issuer.issuerId,
  siteOrigin: site,
  existingClassIds: new Set(),
};

const jwtOf = (url: string) => url.split('/').pop()!;
const b64 = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');
/** A JWT with the claims of a valid save link changed by `edit`, signed with `key` (claims are forged freely, untyped). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function signed(edit: (claims: Record<string, any>) => void, key = keys.privateKey): string {
  const claims = JSON.parse(Buffer.from(jwtOf(buildWalletSaveUrl(issuer, card, site)).split('.')[1]!, 'base64url').toString());
  edit(claims);
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
}
const reasonOf = (jwt: string, ctx = context) => {
  const checked = checkSaveJwt(jwt, ctx);
  return checked.ok ? 'accepted' : checked.reason;
};

describe('the Google Wallet stand-in’s save JWT checks', () => {
  it('accepts the save link CardCrew builds, with its pass', () => {
    const checked = checkSaveJwt(jwtOf(buildWalletSaveUrl(issuer, card, site)), context);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.value.genericObjects[0]).toMatchObject({ id: `${issuer.issuerId}.cardcrew-card-${card.cardId}`, header: { defaultValue: { value: 'Ada Lovelace' } } });
  });

  it('refuses a signature made with another key, an unknown service account and a token that is not a JWT', () => {
    expect(reasonOf(signed(() => {}, other.privateKey))).toMatch(/signature does not verify/);
    expect(reasonOf(signed((c) => (c.iss = 'someone@else.iam.gserviceaccount.com')))).toMatch(/Unknown issuer/);
    expect(reasonOf('not-a-jwt')).toMatch(/not a compact JWT/);
    const [h, p] = jwtOf(buildWalletSaveUrl(issuer, card, site)).split('.');
    expect(reasonOf(`${h}.${p}.`)).toMatch(/signature does not verify/);
  });

  it('refuses the wrong audience and type, and a missing or future iat', () => {
    expect(reasonOf(signed((c) => (c.aud = 'apple')))).toMatch(/"aud" claim must be "google"/);
    expect(reasonOf(signed((c) => (c.typ = 'savetoandroidpay')))).toMatch(/"typ" claim must be "savetowallet"/);
    expect(reasonOf(signed((c) => delete c.iat))).toMatch(/"iat" claim is missing/);
    expect(reasonOf(signed((c) => (c.iat = Math.floor(Date.now() / 1000) + 3600)))).toMatch(/in the future/);
  });

  it('refuses missing origins and an origin that is not listed', () => {
    expect(reasonOf(signed((c) => delete c.origins))).toMatch(/"origins" claim must be a non-empty array/);
    expect(reasonOf(signed((c) => (c.origins = [])))).toMatch(/"origins" claim must be a non-empty array/);
    expect(reasonOf(signed((c) => (c.origins = ['https://evil.example'])))).toMatch(/origin http:\/\/127\.0\.0\.1:3000 is not listed/);
  });

  it('refuses a bad object id, another issuer’s id and an unknown class', () => {
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].id = `${issuer.issuerId}.card with spaces`)))).toMatch(/must be "\{issuerId\}\.\{identifier\}"/);
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].id = 'cardcrew-card-x')))).toMatch(/must be "\{issuerId\}\.\{identifier\}"/);
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].id = '3388000000099999999.cardcrew-card-x')))).toMatch(/does not belong to issuer/);
    expect(reasonOf(signed((c) => delete c.payload.genericClasses))).toMatch(/class ".*" does not exist/);
    // A class saved before may be named without sending it again.
    const classId = `${issuer.issuerId}.cardcrew-business-${card.businessId}`;
    expect(reasonOf(signed((c) => delete c.payload.genericClasses), { ...context, existingClassIds: new Set([classId]) })).toBe('accepted');
    expect(reasonOf(signed((c) => delete c.payload.genericObjects))).toMatch(/no "genericObjects"/);
  });

  it('refuses missing required fields and malformed optional ones', () => {
    expect(reasonOf(signed((c) => delete c.payload.genericObjects[0].cardTitle))).toMatch(/required field "cardTitle"/);
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].header = { defaultValue: { language: 'en-US', value: '' } })))).toMatch(/required field "header"/);
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].barcode = { type: 'QR_CODE' })))).toMatch(/barcode needs a "value"/);
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].barcode.type = 'HOLOGRAM')))).toMatch(/known "type"/);
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].logo = { sourceUri: {} })))).toMatch(/logo needs "sourceUri.uri"/);
    expect(reasonOf(signed((c) => (c.payload.genericObjects[0].hexBackgroundColor = 'blue')))).toMatch(/hexBackgroundColor/);
  });
});

describe('the Google Wallet stand-in’s token endpoint checks', () => {
  const tokenUrl = 'http://127.0.0.1:12444/token';
  const assertion = (claims: Record<string, unknown>, key = keys.privateKey) => {
    const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
  };
  const now = Math.floor(Date.now() / 1000);
  const valid = { iss: issuer.serviceAccountEmail, scope: WALLET_SCOPE, aud: tokenUrl, iat: now, exp: now + 3600 };
  const reason = (jwt: string) => {
    const checked = checkTokenAssertion(jwt, { publicKeyOf: context.publicKeyOf, tokenUrl });
    return checked.ok ? checked.value : checked.reason;
  };

  it('trades a valid assertion for the service account, and refuses the wrong key, audience, scope or an expired one', () => {
    expect(reason(assertion(valid))).toBe(issuer.serviceAccountEmail);
    expect(reason(assertion(valid, other.privateKey))).toMatch(/signature does not verify/);
    expect(reason(assertion({ ...valid, aud: 'https://oauth2.googleapis.com/token' }))).toMatch(/"aud" must be/);
    expect(reason(assertion({ ...valid, scope: 'https://www.googleapis.com/auth/drive' }))).toMatch(/"scope" must include/);
    expect(reason(assertion({ ...valid, exp: now - 1 }))).toMatch(/expired/);
  });
});

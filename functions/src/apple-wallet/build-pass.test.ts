import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPkpass } from '../../../tests/support/pkpass';
import { ensureLocalAppleWalletSigner, LOCAL_PASS_TYPE_IDENTIFIER, LOCAL_TEAM_IDENTIFIER } from '../../local/apple-wallet-signer';
import { appleWalletSecretSchema, localSignerFiles, type AppleWalletSigner } from '../adapters/apple-wallet-signer';
import { buildPass, type PassCard } from './build-pass';

let signer: AppleWalletSigner;
let root: string;
let icon: Buffer;
const card: PassCard = { cardId: 'AbCdEfGhIjKlMnOpQrStUv', cardUrl: 'https://cards.example.com/card/AbCdEfGhIjKlMnOpQrStUv', name: 'Ada Lovelace', jobTitle: 'Analyst', businessName: 'Analytical Engines', primaryColor: '#1E40AF', secondaryColor: '#FDE68A', active: true };
const service = { webServiceURL: 'https://cards.example.com/api/passkit', authenticationToken: 'a-token-of-more-than-16-chars' };

beforeAll(async () => {
  const dir = ensureLocalAppleWalletSigner(mkdtempSync(join(tmpdir(), 'apple-wallet-')));
  const file = (name: string) => readFileSync(join(dir, name), 'utf8');
  signer = appleWalletSecretSchema.parse({ ...JSON.parse(file(localSignerFiles.config)), signerCert: file(localSignerFiles.signerCert), signerKey: file(localSignerFiles.signerKey), wwdr: file(localSignerFiles.wwdr) });
  root = file(localSignerFiles.root);
  icon = await sharp({ create: { width: 29, height: 29, channels: 3, background: '#1e40af' } }).png().toBuffer();
});

describe('Apple Wallet pass', () => {
  it('is signed as iOS checks: manifest SHA-1s, a detached PKCS#7 over manifest.json chaining to the root, the required pass.json fields', () => {
    const { pass, signerCert } = verifyPkpass(buildPass(signer, card, service, { 'icon.png': icon }), root);
    expect(pass).toMatchObject({ formatVersion: 1, passTypeIdentifier: LOCAL_PASS_TYPE_IDENTIFIER, teamIdentifier: LOCAL_TEAM_IDENTIFIER, serialNumber: card.cardId, organizationName: 'Analytical Engines', ...service });
    expect(signerCert.subject.getField('CN').value).toBe(`Pass Type ID: ${LOCAL_PASS_TYPE_IDENTIFIER}`);
  });

  it('shows name, title and company, the brand colours with readable contrast, and a QR code of the card URL marked as an Apple Wallet scan', () => {
    const { pass } = verifyPkpass(buildPass(signer, card, service, { 'icon.png': icon }), root);
    expect(pass.generic).toMatchObject({
      primaryFields: [{ key: 'name', value: 'Ada Lovelace' }],
      secondaryFields: [{ key: 'title', value: 'Analyst' }],
      auxiliaryFields: [{ key: 'company', value: 'Analytical Engines' }],
    });
    expect(pass).toMatchObject({ backgroundColor: 'rgb(30, 64, 175)', foregroundColor: 'rgb(255, 255, 255)', labelColor: 'rgb(253, 230, 138)', logoText: 'Analytical Engines' });
    expect(pass.barcodes).toEqual([{ format: 'PKBarcodeFormatQR', message: `${card.cardUrl}?s=aw`, messageEncoding: 'iso-8859-1', altText: 'Scan to view business card' }]);
    expect(pass.voided).toBeUndefined();
  });

  it('is voided for an inactive card and leaves out a missing title', () => {
    const { pass } = verifyPkpass(buildPass(signer, { ...card, active: false, jobTitle: undefined }, service, { 'icon.png': icon }), root);
    expect(pass.voided).toBe(true);
    expect(pass.generic!.secondaryFields).toEqual([]);
  });

  it('fails verification when a file is changed after signing', () => {
    const bytes = buildPass(signer, card, service, { 'icon.png': icon });
    const other = buildPass(signer, { ...card, name: 'Someone Else' }, service, { 'icon.png': icon });
    // Swap in another pass's signature: the manifest no longer matches what was signed.
    const files = unzipSync(bytes);
    files.signature = unzipSync(other).signature!;
    expect(() => verifyPkpass(zipSync(files), root)).toThrow(/SHA-1 of manifest.json/);
  });
});

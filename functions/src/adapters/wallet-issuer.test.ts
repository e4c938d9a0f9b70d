// Where the Google Wallet issuer comes from: the AWS secret, the local stand-in's key file (local mode only), or
// nowhere — then 'Add to Google Wallet' answers 503 'not configured' (and config.json hides the button).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const keyFile = join(mkdtempSync(join(tmpdir(), 'wallet-issuer-')), 'issuer.json');
writeFileSync(
  keyFile,
  JSON.stringify({
    issuerId: '3388000000012345678',
    type: 'service_account',
    client_email: 'wallet@cardcrew-local.iam.gserviceaccount.com',
    private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  }),
);

/** A fresh module graph (configuration is parsed once per module instance) under `env`. */
async function issuerUnder(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import('./wallet-issuer')).walletIssuer();
}

afterEach(() => vi.unstubAllEnvs());

describe('the Google Wallet issuer', () => {
  it('is absent in AWS without a configured secret, even if a key file is named (503 not configured)', async () => {
    expect(await issuerUnder({ APP_MODE: 'aws', GOOGLE_WALLET_SECRET_NAME: undefined, GOOGLE_WALLET_KEY_FILE: keyFile })).toBeNull();
    expect(await issuerUnder({ APP_MODE: 'local', GOOGLE_WALLET_SECRET_NAME: undefined, GOOGLE_WALLET_KEY_FILE: undefined })).toBeNull();
  });

  it('is the stand-in’s issuer locally, which may show http images', async () => {
    expect(await issuerUnder({ APP_MODE: 'local', GOOGLE_WALLET_SECRET_NAME: undefined, GOOGLE_WALLET_KEY_FILE: keyFile })).toMatchObject({
      issuerId: '3388000000012345678',
      serviceAccountEmail: 'wallet@cardcrew-local.iam.gserviceaccount.com',
      privateKey: expect.stringMatching(/^-----BEGIN PRIVATE KEY-----/),
      acceptsHttpImages: true,
    });
  });
});

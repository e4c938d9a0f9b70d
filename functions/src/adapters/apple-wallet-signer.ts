// The Apple Wallet signer (issue 22 §1): the Pass Type ID certificate and key, Apple's WWDR intermediate and, for
// update pushes, the APNs auth key. In AWS they come from the Secrets Manager secret APPLE_WALLET_SECRET_NAME (JSON,
// docs/deploy.md); locally from the files functions/local/apple-wallet-signer.ts creates once in APPLE_WALLET_LOCAL_DIR.
// Neither: null, and the API says Apple Wallet is not available (never a 5xx).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from '../../../shared/zod';
import { appleWalletConfig, runtimeConfig } from '../config';
import { secretsManagerSdk } from './sdk';

const pem = (kind: string) => z.string().check(z.regex(new RegExp(`-----BEGIN [A-Z ]*${kind}-----`)));

/** The secret's JSON (docs/deploy.md). */
export const appleWalletSecretSchema = z.object({
  passTypeIdentifier: z.string().check(z.regex(/^pass\.[\w.-]+$/)),
  teamIdentifier: z.string().check(z.regex(/^[A-Z0-9]{10}$/)),
  signerCert: pem('CERTIFICATE'),
  signerKey: pem('PRIVATE KEY'),
  signerKeyPassphrase: z.optional(z.string()),
  wwdr: pem('CERTIFICATE'),
  apnsKeyId: z.optional(z.string().check(z.minLength(1))),
  apnsKey: z.optional(pem('PRIVATE KEY')),
});
export type AppleWalletSigner = z.output<typeof appleWalletSecretSchema>;

/** The files the local test CA writes (functions/local/apple-wallet-signer.ts). */
export const localSignerFiles = {
  config: 'signer.json',
  signerCert: 'signer-cert.pem',
  signerKey: 'signer-key.pem',
  wwdr: 'wwdr.pem',
  root: 'root-ca.pem',
  apnsKey: 'apns-key.p8',
} as const;

function readLocalSigner(dir: string): AppleWalletSigner {
  const file = (name: string) => readFileSync(join(dir, name), 'utf8');
  const ids = JSON.parse(file(localSignerFiles.config)) as { passTypeIdentifier: string; teamIdentifier: string; apnsKeyId: string };
  return appleWalletSecretSchema.parse({
    ...ids,
    signerCert: file(localSignerFiles.signerCert),
    signerKey: file(localSignerFiles.signerKey),
    wwdr: file(localSignerFiles.wwdr),
    apnsKey: file(localSignerFiles.apnsKey),
  });
}

async function readSecret(secretName: string): Promise<AppleWalletSigner> {
  const { GetSecretValueCommand, SecretsManagerClient } = await secretsManagerSdk();
  const client = new SecretsManagerClient({ region: runtimeConfig().AWS_REGION });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretName }));
  return appleWalletSecretSchema.parse(JSON.parse(SecretString ?? '{}'));
}

let cached: Promise<AppleWalletSigner | null> | undefined;

/** The signer, or null when Apple Wallet is not configured. A failed read is retried on the next call. */
export function appleWalletSigner(): Promise<AppleWalletSigner | null> {
  const { APPLE_WALLET_SECRET_NAME: secretName, APPLE_WALLET_LOCAL_DIR: localDir } = appleWalletConfig();
  if (!secretName && !localDir) return Promise.resolve(null);
  cached ??= (secretName ? readSecret(secretName) : Promise.resolve().then(() => readLocalSigner(localDir!))).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

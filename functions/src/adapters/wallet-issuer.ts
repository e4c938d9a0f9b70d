// The Google Wallet issuer credentials, read once: in AWS from Secrets Manager; in the local runtime from the key file
// the Google Wallet stand-in created (functions/local/google-wallet.ts), same fields. Without either (a deployment
// that has not set one up) there are none, and the API says so instead of faking a link.
import { readFile } from 'node:fs/promises';
import * as z from '../../../shared/zod';
import { runtimeConfig, walletConfig } from '../config';
import { secretsManagerSdk } from './sdk';

/** The issuer's Google Wallet credentials (a service account of the Google Cloud project linked to the issuer). */
export interface WalletIssuer {
  issuerId: string;
  serviceAccountEmail: string;
  /** PKCS#8 PEM, as in the service account's JSON key file (`private_key`). */
  privateKey: string;
  /** The local stand-in shows images from the local (http) site; Google fetches https images only. */
  acceptsHttpImages?: boolean;
}

/** The secret holds the issuer id and the service account's JSON key file fields (docs/deploy.md). */
const walletSecretSchema = z.object({
  issuerId: z.string().check(z.regex(/^\d+$/)),
  client_email: z.email(),
  private_key: z.string().check(z.startsWith('-----BEGIN PRIVATE KEY-----')),
});

let cached: Promise<WalletIssuer | null> | undefined;

async function readIssuer(secretName: string): Promise<WalletIssuer> {
  const { GetSecretValueCommand, SecretsManagerClient } = await secretsManagerSdk();
  const client = new SecretsManagerClient({ region: runtimeConfig().AWS_REGION });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretName }));
  const secret = walletSecretSchema.parse(JSON.parse(SecretString ?? '{}'));
  return { issuerId: secret.issuerId, serviceAccountEmail: secret.client_email, privateKey: secret.private_key };
}

/** The local stand-in's issuer: it fetches images from the local site, so an http logo can be shown. */
async function readLocalIssuer(keyFile: string): Promise<WalletIssuer> {
  const secret = walletSecretSchema.parse(JSON.parse(await readFile(keyFile, 'utf8')));
  return { issuerId: secret.issuerId, serviceAccountEmail: secret.client_email, privateKey: secret.private_key, acceptsHttpImages: true };
}

/** The issuer, or null when Google Wallet is not configured. A failed read is retried on the next call. */
export function walletIssuer(): Promise<WalletIssuer | null> {
  const { GOOGLE_WALLET_SECRET_NAME: secretName, GOOGLE_WALLET_KEY_FILE: keyFile } = walletConfig();
  const local = runtimeConfig().APP_MODE === 'local' && keyFile;
  if (!secretName && !local) return Promise.resolve(null);
  cached ??= (local ? readLocalIssuer(keyFile) : readIssuer(secretName!)).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

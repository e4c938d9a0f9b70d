// The Google Wallet issuer credentials, read once from Secrets Manager. Without a configured secret (the local
// runtime, or a deployment that has not set one up) there are none, and the API says so instead of faking a link.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from '../../../shared/zod';
import { runtimeConfig, walletConfig } from '../config';
import type { WalletIssuer } from '../wallet/build-wallet-save-url';

/** The secret holds the issuer id and the service account's JSON key file fields (docs/deploy.md). */
const walletSecretSchema = z.object({
  issuerId: z.string().check(z.regex(/^\d+$/)),
  client_email: z.email(),
  private_key: z.string().check(z.startsWith('-----BEGIN PRIVATE KEY-----')),
});

let cached: Promise<WalletIssuer | null> | undefined;

async function readIssuer(secretName: string): Promise<WalletIssuer> {
  const client = new SecretsManagerClient({ region: runtimeConfig().AWS_REGION });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretName }));
  const secret = walletSecretSchema.parse(JSON.parse(SecretString ?? '{}'));
  return { issuerId: secret.issuerId, serviceAccountEmail: secret.client_email, privateKey: secret.private_key };
}

/** The issuer, or null when Google Wallet is not configured. A failed read is retried on the next call. */
export function walletIssuer(): Promise<WalletIssuer | null> {
  const secretName = walletConfig().GOOGLE_WALLET_SECRET_NAME;
  if (!secretName) return Promise.resolve(null);
  cached ??= readIssuer(secretName).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

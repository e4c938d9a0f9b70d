// Stripe: the SDK client and the webhook signing secret. In AWS both keys come from one Secrets Manager secret (read
// once); locally the SDK talks to the stand-in (functions/local/stripe.ts) with its test keys.
// Both the Stripe SDK (bundled) and Secrets Manager load on first use (issue 25 §3): most requests of the areas that
// carry this never pay.
import type Stripe from 'stripe';
import * as z from '../../../shared/zod';
import { runtimeConfig, stripeConfig } from '../config';
import { AppError } from '../lib/errors';
import { secretsManagerSdk } from './sdk';

/** connectWebhookSecret: the Connect endpoint's (events of connected accounts); absent, Connect webhooks are refused. */
const secretSchema = z.object({ secretKey: z.string().check(z.startsWith('sk_')), webhookSecret: z.string().check(z.startsWith('whsec_')), connectWebhookSecret: z.optional(z.string().check(z.startsWith('whsec_'))) });
type StripeKeys = z.infer<typeof secretSchema>;

let keys: Promise<StripeKeys> | undefined;
let client: Stripe | undefined;

async function readKeys(): Promise<StripeKeys> {
  const c = stripeConfig();
  if (c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET) return { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET, ...(c.STRIPE_CONNECT_WEBHOOK_SECRET ? { connectWebhookSecret: c.STRIPE_CONNECT_WEBHOOK_SECRET } : {}) };
  if (!c.STRIPE_SECRET_NAME) throw new AppError('NOT_CONFIGURED', 'Card payments are not configured.');
  const { GetSecretValueCommand, SecretsManagerClient } = await secretsManagerSdk();
  const { SecretString } = await new SecretsManagerClient({ region: runtimeConfig().AWS_REGION }).send(new GetSecretValueCommand({ SecretId: c.STRIPE_SECRET_NAME }));
  return secretSchema.parse(JSON.parse(SecretString ?? '{}'));
}

/** The keys, read once; a failed read is retried on the next call. */
export function stripeKeys(): Promise<StripeKeys> {
  keys ??= readKeys().catch((error: unknown) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

export async function stripe(): Promise<Stripe> {
  if (client) return client;
  const [{ secretKey }, { default: Stripe }] = await Promise.all([stripeKeys(), import('stripe')]);
  if (client) return client;
  const base = stripeConfig().STRIPE_API_BASE;
  const local = base ? new URL(base) : null;
  client = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...(local ? { host: local.hostname, port: Number(local.port), protocol: local.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return client;
}

// The Connect webhook: events that happen on the agencies' connected accounts. Stripe sends them to a Connect endpoint
// with its own signing secret, each carrying `account`; the signature is checked on the raw body with that secret and
// Stripe's 300 s tolerance, and each event id is handled once (the platform webhook's paymentEvent claim, so a replay
// or a retry is acknowledged and ignored). `account.updated` records the account's state on the agency whose account
// it is (named by the account's metadata, checked against the stored account id); a newer event applied first wins.
// A signed event of a shape we do not expect is acknowledged and logged: Stripe would retry a 5xx for days.
import * as z from '../../../shared/zod';
import { stripe, stripeKeys } from '../adapters/stripe';
import { claimPaymentEvent, releasePaymentEvent } from '../invoices/payment-store';
import type { WebhookAnswer } from '../invoices/stripe-webhook';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import { connectStateOf, connectedAccountSchema, requirementsDueOf } from './account-state';
import { applyAccountState } from './repository';

const TOLERANCE_SECONDS = 300;

/** A Connect event: a platform event plus the connected account it happened on. */
const connectEventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.string().check(z.minLength(1), z.maxLength(255)),
  account: z.string().check(z.startsWith('acct_'), z.maxLength(255)),
  created: z.int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export async function handleConnectWebhook(rawBody: string, signature: string | undefined): Promise<WebhookAnswer> {
  if (!signature) throw new AppError('VALIDATION_FAILED', 'Missing Stripe-Signature header.');
  const secret = (await stripeKeys()).connectWebhookSecret;
  if (!secret) throw new AppError('NOT_CONFIGURED', 'Stripe Connect webhooks are not configured.');
  let signed: unknown;
  try {
    signed = (await stripe()).webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The webhook signature is not valid.');
  }
  const event = connectEventSchema.safeParse(signed);
  if (!event.success) {
    logger.warn('a signed Connect event of an unexpected shape; acknowledged, not handled', { issues: event.error.issues.slice(0, 5) });
    return { received: true, ignored: true };
  }
  const { id, type, account: accountId, created, data } = event.data;
  if (type !== 'account.updated') return { received: true, ignored: true };
  const account = connectedAccountSchema.safeParse(data.object);
  const agencyId = account.success ? account.data.metadata?.agencyId : undefined;
  if (!account.success || account.data.id !== accountId || !agencyId) {
    logger.warn('a signed account.updated event of no agency of ours; acknowledged, not handled', { eventId: id, accountId });
    return { received: true, ignored: true };
  }
  if (!(await claimPaymentEvent(id, type, undefined))) return { received: true, duplicate: true };
  try {
    const applied = await applyAccountState(agencyId, accountId, { state: connectStateOf(account.data), requirementsDue: requirementsDueOf(account.data), eventAt: created });
    // Not applied: an older event than the one recorded, or an account the agency no longer points at.
    if (!applied) logger.info('an account.updated event changed nothing (older, or not the agency’s account)', { eventId: id, agencyId, accountId });
  } catch (error) {
    // Forget the event so Stripe's retry is handled, not ignored as a duplicate.
    await releasePaymentEvent(id).catch(() => undefined);
    logger.error('stripe connect webhook failed', { eventId: id, error: error as Error });
    throw error;
  }
  return { received: true };
}

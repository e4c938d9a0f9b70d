// Fixed-window rate limiting in the table: one atomic ADD per request, refused past the limit. Items expire
// through the table's TTL, so the counter never needs cleaning.
import { messages } from '../../../shared/messages';
import { AppError } from '../lib/errors';
import { countRequestInWindow } from './repository';

export interface RateLimit {
  /** What is limited, e.g. 'sales-contact'. */
  action: string;
  limit: number;
  windowSeconds: number;
}

/** Counts the request of `clientKey` (the viewer's IP address) and refuses it with 429 past the limit. */
export async function enforceRateLimit(rule: RateLimit, clientKey: string, now: Date = new Date()): Promise<void> {
  const windowStart = Math.floor(now.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds;
  const count = await countRequestInWindow(`${rule.action}#${clientKey}`, windowStart, windowStart + rule.windowSeconds * 2);
  if (count > rule.limit) throw new AppError('RATE_LIMITED', messages.generic.rateLimited);
}

// Fixed-window rate limiting in the table: one atomic ADD per request, refused past the limit. Items expire
// through the table's TTL, so the counter never needs cleaning.
import { db } from '../data/entities';
import { messages } from '../../../shared/messages';
import { AppError } from './errors';

export interface RateLimit {
  /** What is limited, e.g. 'sales-contact'. */
  action: string;
  limit: number;
  windowSeconds: number;
}

export async function enforceRateLimit(rule: RateLimit, clientKey: string, now: Date = new Date()): Promise<void> {
  const windowStart = Math.floor(now.getTime() / 1000 / rule.windowSeconds) * rule.windowSeconds;
  const { data } = await db()
    .rateLimit.update({ key: `${rule.action}#${clientKey}`, window: String(windowStart) })
    .add({ count: 1 })
    .set({ expiresAt: windowStart + rule.windowSeconds * 2 })
    .go({ response: 'updated_new' });
  if ((data.count ?? 0) > rule.limit) throw new AppError('RATE_LIMITED', messages.generic.rateLimited);
}

// Access pattern of rate limiting: one fixed-window counter item per client, action and window.
import { db } from '../data/entities';

/** Adds one request to the window's counter (created on first use, expiring through the table's TTL); returns the new count. */
export async function countRequestInWindow(key: string, windowStart: number, expiresAt: number): Promise<number> {
  const { data } = await db()
    .rateLimit.update({ key, window: String(windowStart) })
    .add({ count: 1 })
    .set({ expiresAt })
    .go({ response: 'updated_new' });
  return data.count ?? 0;
}

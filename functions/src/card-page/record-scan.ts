// Scan tracking: each page view counts once, with atomic ADDs only (no read-modify-write).
import { logger } from '../lib/logger';
import { countScan } from './card-store';

/** Link-preview and prefetch requests are not scans. */
export function isScan(headers: Record<string, string | undefined>): boolean {
  const purpose = `${headers['purpose'] ?? ''} ${headers['sec-purpose'] ?? ''}`.toLowerCase();
  return !purpose.includes('prefetch');
}

/** Counting never blocks or fails the page: an error is logged and the page is still served. */
export async function recordScan(card: { cardId: string; businessId: string }, at: Date = new Date()): Promise<void> {
  try {
    await countScan(card.cardId, card.businessId, at.toISOString().slice(0, 10));
  } catch (error) {
    logger.error('scan was not recorded', { cardId: card.cardId, error: error as Error });
  }
}

// Scan tracking: each page view by a person counts once, with atomic ADDs only (no read-modify-write).
import { logger } from '../lib/logger';
import { recordScanMetric } from '../lib/metrics';
import { countScan } from './card-store';
import type { ScanContext } from './scan-context';

/** Counting never blocks or fails the page: an error is logged and the page is still served. */
export async function recordScan(card: { cardId: string; businessId: string }, scan: ScanContext, at: Date = new Date()): Promise<void> {
  try {
    await countScan(card.cardId, card.businessId, at.toISOString().slice(0, 10), scan);
    recordScanMetric(at.getTime());
  } catch (error) {
    logger.error('scan was not recorded', { cardId: card.cardId, error: error as Error });
  }
}

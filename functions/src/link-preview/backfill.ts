// Rendering the link previews of cards that have none for their current look (issue 22 §5): cards made before the
// worker existed, or whose render was lost. The same reaction as the stream's, card by card, over a Scan of the card
// items (an operator's one-off, never on a request path; docs/decisions.md 'Link previews').
import type { CardRecord } from '../business/repository';
import { db } from '../data/entities';
import { previewKeyOf, updateLinkPreview } from './card-preview';

export interface BackfillResult {
  /** Cards looked at (active or not). */
  cards: number;
  /** Cards that got a preview. */
  rendered: number;
  /** Inactive cards (leavers) whose preview was removed. */
  removed: number;
  failed: { cardId: string; error: string }[];
}

const hasCurrentPreview = (card: CardRecord) => Boolean(card.previewImageUrl?.endsWith(`/${previewKeyOf(card)}`));

/**
 * Every card (of one business when `businessId` is given) that is active and lacks the preview of its look gets it;
 * an inactive card that still has one (a leaver from before previews were removed) loses it.
 */
export async function backfillLinkPreviews(options: { businessId?: string; onProgress?: (result: BackfillResult) => void } = {}): Promise<BackfillResult> {
  const result: BackfillResult = { cards: 0, rendered: 0, removed: 0, failed: [] };
  let cursor: string | null = null;
  do {
    const page: { data: CardRecord[]; cursor: string | null } = await db().card.scan.go({ cursor, limit: 100 });
    for (const card of page.data) {
      if (options.businessId && card.businessId !== options.businessId) continue;
      result.cards += 1;
      const stale = !card.isActive && Boolean(card.previewImageUrl);
      if (!stale && (!card.isActive || !card.business.isActive || hasCurrentPreview(card))) continue;
      try {
        await updateLinkPreview({ cardId: card.cardId, businessId: card.businessId, employeeId: card.employeeId, after: card });
        if (stale) result.removed += 1;
        else result.rendered += 1;
      } catch (error) {
        result.failed.push({ cardId: card.cardId, error: (error as Error).message });
      }
    }
    options.onProgress?.(result);
    cursor = page.cursor;
  } while (cursor);
  return result;
}

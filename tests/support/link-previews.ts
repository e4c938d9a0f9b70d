// Waiting for the card-sharing worker's link preview (issue 22 §5): the card page names the preview once the worker
// has rendered it (1–2 s after a change locally), so a test that compares two renderings of a page waits for it first.
import { previewKeyOf } from '../../functions/src/link-preview/card-preview';
import { addEmployee, createOwnerWithBusiness, tables } from './runtime';

/** Waits (up to `waitMs`) until the card points at the preview of its current look, other than `other`; returns its URL. */
export async function currentPreview(cardId: string, other?: string, waitMs = 20_000): Promise<string> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const card = (await (await tables()).card.get({ cardId }).go({ consistent: true })).data;
    const url = card?.previewImageUrl;
    if (card && url && url !== other && url.endsWith(`/media/${previewKeyOf(card)}`)) return url;
    if (Date.now() > deadline) throw new Error(`no current preview for ${cardId}: ${url ?? 'none'}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * How long a file waits for the worker to catch up: the leaver-defaults fixture writes 2,500 active cards, whose
 * previews take about 190 s to render on a quiet machine (~75 ms each) and far longer on a loaded one.
 * A wait that ends early costs nothing; this one is sized for the slowest machine the suite runs on.
 */
export const CATCH_UP_MS = 540_000;

/**
 * Waits until the card-sharing worker has handled every card change made before: locally it reads the table's stream
 * in order, so once a card created now has its preview, everything before it is done. A file whose tests time the
 * worker (20 s each) calls this first, so that a test file that changed a thousand cards just before (the imports)
 * does not count against them.
 */
export async function cardSharingCaughtUp(): Promise<void> {
  const { owner, business } = await createOwnerWithBusiness();
  const sentinel = await addEmployee(owner, business.id, { status: 'active' });
  await currentPreview(sentinel.card.id as string, undefined, CATCH_UP_MS);
}

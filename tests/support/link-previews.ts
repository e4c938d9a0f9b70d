// Waiting for the card-sharing worker's link preview (issue 22 §5): the card page names the preview once the worker
// has rendered it (1–2 s after a change locally), so a test that compares two renderings of a page waits for it first.
import { previewKeyOf } from '../../functions/src/link-preview/card-preview';
import { tables } from './runtime';

/** Waits (up to 20 s) until the card points at the preview of its current look, other than `other`; returns its URL. */
export async function currentPreview(cardId: string, other?: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const card = (await (await tables()).card.get({ cardId }).go({ consistent: true })).data;
    const url = card?.previewImageUrl;
    if (card && url && url !== other && url.endsWith(`/media/${previewKeyOf(card)}`)) return url;
    if (Date.now() > deadline) throw new Error(`no current preview for ${cardId}: ${url ?? 'none'}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

// Link previews on one machine (issue 22 §5): the card-sharing worker (the local stream source in the runtime) renders a
// card's 1200×630 JPEG after its profile or brand changes, stores it under a key that changes with the look, points the
// card at it and deletes the one before; the card page shares it; a write that changes nothing shown keeps it; a
// deactivated card (a leaver) loses it and gets it back when reactivated; a deleted card's image is deleted.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardRecord } from '../../functions/src/business/repository';
import { backfillLinkPreviews } from '../../functions/src/link-preview/backfill';
import { updateLinkPreview } from '../../functions/src/link-preview/card-preview';
import { PREVIEW_MAX_BYTES } from '../../functions/src/link-preview/preview-image';
import { addEmployee, api, createOwnerWithBusiness, origin, tables } from '../support/runtime';
import { cardSharingCaughtUp, CATCH_UP_MS, currentPreview } from '../support/link-previews';
import { confirmUpload, mediaKeys, sendUpload } from '../support/uploads';

/** Grain over a gradient, barely blurred: an image that compresses as badly as a real one can. */
async function noisy(size: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const grain = Buffer.from(Array.from({ length: size * size * 3 }, (_, i) => Math.min(255, Math.round(70 + 60 * Math.sin(i / (size * 3) / 40) + Math.random() * 160))));
  const image = sharp(grain, { raw: { width: size, height: size, channels: 3 } }).blur(0.4);
  return format === 'jpeg' ? image.jpeg({ quality: 92 }).toBuffer() : image.png().toBuffer();
}

async function cardOf(cardId: string): Promise<CardRecord | null> {
  return (await (await tables()).card.get({ cardId }).go({ consistent: true })).data;
}

async function untilStatus(url: string, status: number): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status === status || Date.now() > deadline) return res.status;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const keyOf = (url: string) => url.slice(`${origin}/media/`.length);


// The card-sharing worker has caught up with earlier files' card changes before these tests time it.
beforeAll(cardSharingCaughtUp, CATCH_UP_MS + 20_000);

describe('link previews', () => {
  it('renders the card in its brand with photo and logo, shares it on the card page and renders again only when the look changes', async () => {
    const { owner, business } = await createOwnerWithBusiness({ name: 'Preview & <Co>' });
    const employee = await addEmployee(owner, business.id, { name: 'Priya "Preview" Patel', jobTitle: 'Head of Growth', status: 'active' });
    const cardId = employee.card.id;

    // A large photo and logo, as the browser uploads them.
    const { uploadId: logoUpload } = await sendUpload(owner, business.id, 'logo', await noisy(512, 'png'));
    const logo = await confirmUpload(owner, business.id, logoUpload);
    expect(logo.status).toBe(200);
    const { uploadId: photoUpload } = await sendUpload(owner, business.id, 'photo', await noisy(900, 'jpeg'), { contentType: 'image/jpeg', employeeId: employee.id });
    expect((await confirmUpload(owner, business.id, photoUpload)).status).toBe(200);

    const first = await currentPreview(cardId);
    expect(first).toMatch(new RegExp(`^${origin}/media/previews/${cardId}/[A-Za-z0-9_-]{16}\\.jpg$`));
    const image = await fetch(first);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(bytes.byteLength).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
    // The photo is drawn: the pixel in the middle of the circle is not the brand background of the corner.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(240, 306)).not.toEqual(pixel(5, 5));
    // Earlier looks of the card (before the photo and logo) are gone: one preview per card.
    await expect.poll(() => mediaKeys(`previews/${cardId}/`), { timeout: 20_000 }).toEqual([keyOf(first)]);

    const html = await (await fetch(`${origin}/card/${cardId}`)).text();
    expect(html).toContain(`<meta property="og:image" content="${first}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta property="og:image:alt" content="Priya &quot;Preview&quot; Patel, Head of Growth at Preview &amp; &lt;Co&gt;">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="${first}">`);
    expect(html).not.toMatch(/<script/i);

    // A write that changes nothing the card shows: no new render.
    await (await tables()).card.patch({ cardId }).set({ qrCodeUrl: `${origin}/media/qr/x.png` }).go();
    // The same change delivered again (a retried record): the same key, the same object, nothing deleted.
    const card = (await cardOf(cardId))!;
    await updateLinkPreview({ cardId, businessId: business.id, employeeId: employee.id, after: { ...card, previewImageUrl: undefined } });
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await cardOf(cardId))!.previewImageUrl).toBe(first);
    expect(await mediaKeys(`previews/${cardId}/`)).toEqual([keyOf(first)]);
    expect((await fetch(first)).status).toBe(200);

    // A new name: a new URL, the old image deleted.
    const renamed = await api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, {
      user: owner,
      body: { name: 'Priya Renamed', email: employee.email, jobTitle: 'Head of Growth', role: 'employee', status: 'active' },
    });
    expect(renamed.status).toBe(200);
    const second = await currentPreview(cardId, first);
    expect(second).not.toBe(first);
    expect(await untilStatus(first, 404)).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    expect(await (await fetch(`${origin}/card/${cardId}`)).text()).toContain(`<meta property="og:image" content="${second}">`);

    // A brand change (Company Settings): a new URL too.
    const rebranded = await api('PUT', `/api/businesses/${business.id}`, {
      user: owner,
      body: { name: 'Preview & <Co>', logoUrl: logo.body.url, primaryColor: '#7C3AED', secondaryColor: '#4C1D95', accentColor: '#F59E0B' },
    });
    expect(rebranded.status).toBe(200);
    const third = await currentPreview(cardId, second);
    expect(await untilStatus(second, 404)).toBe(404);
    await expect.poll(() => mediaKeys(`previews/${cardId}/`), { timeout: 20_000 }).toEqual([keyOf(third)]);
  });

  it('removes a leaver’s preview (object and pointer), renders it again on reactivation and deletes it with the card', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const employee = await addEmployee(owner, business.id, { name: 'Dana Departing', jobTitle: 'Engineer', status: 'active' });
    const cardId = employee.card.id;
    const url = await currentPreview(cardId);
    expect((await fetch(url)).status).toBe(200);
    // Without a photo the card page shared nothing before: now the preview.
    expect(await (await fetch(`${origin}/card/${cardId}`)).text()).toContain(`<meta property="og:image" content="${url}">`);

    // The leaver flow (issue 39): nothing of the person stays public at the preview's URL.
    const deactivated = await api('POST', `/api/businesses/${business.id}/employees/${employee.id}/deactivate`, { user: owner, body: {} });
    expect(deactivated.status).toBe(200);
    expect(await untilStatus(url, 404)).toBe(404);
    expect(await mediaKeys(`previews/${cardId}/`)).toEqual([]);
    await expect.poll(async () => (await cardOf(cardId))!.previewImageUrl, { timeout: 20_000 }).toBeUndefined();
    expect((await cardOf(cardId))!.isActive).toBe(false);
    // The leaver's page (issue 23 §2) shares no preview or photo of the person who left.
    const gone = await fetch(`${origin}/card/${cardId}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).not.toContain('og:image');

    // Back again: the same look renders under the same key.
    const reactivated = await api('POST', `/api/businesses/${business.id}/employees/${employee.id}/reactivate`, { user: owner, body: {} });
    expect(reactivated.status).toBe(200);
    expect(await currentPreview(cardId)).toBe(url);
    expect((await fetch(url)).status).toBe(200);

    const save = (status: 'active' | 'inactive') =>
      api('PUT', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner, body: { name: 'Dana Departing', email: employee.email, jobTitle: 'Engineer', role: 'employee', status } });
    expect((await save('inactive')).status).toBe(200);
    expect(await untilStatus(url, 404)).toBe(404);
    const deleted = await api('DELETE', `/api/businesses/${business.id}/employees/${employee.id}`, { user: owner });
    expect(deleted.status).toBe(204);
    expect(await cardOf(cardId)).toBeNull();
    expect(await mediaKeys(`previews/${cardId}/`)).toEqual([]);
  });

  it('backfills the cards without a preview of their look (made before the worker rendered them), and only those', async () => {
    const { owner, business } = await createOwnerWithBusiness();
    const kept = await addEmployee(owner, business.id, { name: 'Kept Preview', status: 'active' });
    const old = await addEmployee(owner, business.id, { name: 'Old Card', status: 'active' });
    const keptUrl = await currentPreview(kept.card.id);
    const oldUrl = await currentPreview(old.card.id);
    // A card as it was before this change: no preview (a bookkeeping write, so the worker does not react).
    await (await tables()).card.patch({ cardId: old.card.id }).remove(['previewImageUrl']).go();
    await (await import('../../functions/src/adapters/media')).deleteMediaObjects([keyOf(oldUrl)]);
    expect(await untilStatus(oldUrl, 404)).toBe(404);

    const result = await backfillLinkPreviews({ businessId: business.id });
    expect(result).toEqual({ cards: 2, rendered: 1, removed: 0, failed: [] });
    // The same look renders under the same key.
    expect((await cardOf(old.card.id))!.previewImageUrl).toBe(oldUrl);
    expect((await fetch(oldUrl)).status).toBe(200);
    expect((await cardOf(kept.card.id))!.previewImageUrl).toBe(keptUrl);
    expect(await backfillLinkPreviews({ businessId: business.id })).toEqual({ cards: 2, rendered: 0, removed: 0, failed: [] });

    // A leaver whose card still points at a preview (deactivated before previews were removed): the backfill removes it.
    const keptKey = keyOf(keptUrl);
    await (await tables()).card.patch({ cardId: kept.card.id }).set({ isActive: false }).go();
    await expect.poll(async () => (await cardOf(kept.card.id))!.previewImageUrl, { timeout: 20_000 }).toBeUndefined();
    // The worker removed it already; put it back as an older deactivation left it (a bookkeeping write).
    const { putMediaObject } = await import('../../functions/src/adapters/media');
    await putMediaObject(keptKey, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    await (await tables()).card.patch({ cardId: kept.card.id }).set({ previewImageUrl: keptUrl }).go();
    expect(await backfillLinkPreviews({ businessId: business.id })).toEqual({ cards: 2, rendered: 0, removed: 1, failed: [] });
    expect((await cardOf(kept.card.id))!.previewImageUrl).toBeUndefined();
    expect(await mediaKeys(`previews/${kept.card.id}/`)).toEqual([]);
  });
});

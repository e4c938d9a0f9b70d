// The signature's photo and logo as mail clients get them: PNG (not the stored WebP), twice the size they are shown
// at, the photo cropped round in its pixels (Outlook ignores border-radius), the logo's shape kept. Read back by sharp.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoPng, roundPhotoPng, signatureImageKey } from './signature-images';

/** A WebP as the uploads store them: one colour, `width`×`height`. */
const webp = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2563eb' } }).webp().toBuffer();

async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, alpha: (x: number, y: number) => data[(y * info.width + x) * 4 + 3]! };
}

describe('signature images', () => {
  it('makes the photo a 160×160 PNG (shown at 80 px) cropped to a circle: transparent corners, opaque inside', async () => {
    const png = await roundPhotoPng(await webp(192, 192));
    expect((await sharp(png).metadata()).format).toBe('png');
    const { info, alpha } = await pixelsOf(png);
    expect([info.width, info.height]).toEqual([160, 160]);
    for (const [x, y] of [[0, 0], [159, 0], [0, 159], [159, 159], [20, 20], [139, 139]]) expect(alpha(x!, y!), `${x},${y}`).toBe(0);
    for (const [x, y] of [[80, 80], [80, 2], [2, 80], [157, 80], [80, 157], [40, 40]]) expect(alpha(x!, y!), `${x},${y}`).toBe(255);
  });

  it('crops a photo that is not square from its middle, still round', async () => {
    const { info, alpha } = await pixelsOf(await roundPhotoPng(await webp(300, 120)));
    expect([info.width, info.height]).toEqual([160, 160]);
    expect([alpha(0, 0), alpha(80, 80)]).toEqual([0, 255]);
  });

  it.each([
    ['a wide logo', 256, 64, { width: 144, height: 36 }],
    ['a square logo', 256, 256, { width: 36, height: 36 }],
    ['a very wide logo', 256, 20, { width: 160, height: 13 }],
  ])('makes %s a PNG inside the 160×36 box at twice that, its shape kept, and says the size it is shown at', async (_, width, height, shown) => {
    const logo = await logoPng(await webp(width, height));
    expect(logo).toMatchObject(shown);
    const meta = await sharp(logo.png).metadata();
    expect(meta.format).toBe('png');
    expect(Math.abs(meta.width! - 2 * shown.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(meta.height! - 2 * shown.height)).toBeLessThanOrEqual(1);
  });

  it('names each image after its source, under the card’s signature folder', () => {
    const card = { businessId: 'b1', cardId: 'c1' };
    const key = signatureImageKey(card, 'photo', 'https://x/media/photos/b1/e1/v1/192.webp');
    expect(key).toMatch(/^signature-qr\/b1\/c1\/photo-[0-9a-f]{16}\.png$/);
    expect(signatureImageKey(card, 'photo', 'https://x/media/photos/b1/e1/v2/192.webp')).not.toBe(key);
    expect(signatureImageKey(card, 'logo', 'https://x/media/photos/b1/e1/v1/192.webp')).not.toBe(key);
  });
});

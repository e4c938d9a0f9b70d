// Google Wallet's logo as Google's pass design guidelines ask: a PNG of at least 660×660 px, square, with the logo
// whole inside the circle Google masks it to. Read back by sharp, pixel by pixel.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { WALLET_LOGO_SIZE, walletLogoFit, walletLogoPng } from './wallet-logo';

/** A logo as an upload: a solid `colour` box, `width`×`height`, in `format`. */
const upload = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', colour = '#0f766e') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).toFormat(format).toBuffer();

/** The pixels that are not white, as [x, y]. */
async function inkOf(png: Buffer): Promise<[number, number][]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const ink: [number, number][] = [];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = (y * info.width + x) * 3;
      if (data[at]! < 250 || data[at + 1]! < 250 || data[at + 2]! < 250) ink.push([x, y]);
    }
  }
  return ink;
}

describe('the Google Wallet logo', () => {
  it.each([
    ['a square PNG', 256, 256, 'png'],
    ['a wide JPEG', 1200, 300, 'jpeg'],
    ['a tall WebP', 200, 800, 'webp'],
    ['a tiny logo', 40, 40, 'png'],
  ] as const)('makes %s a 660×660 PNG with all of the logo inside the circle Google masks it to', async (_, width, height, format) => {
    const png = await walletLogoPng(await upload(width, height, format));
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', WALLET_LOGO_SIZE, WALLET_LOGO_SIZE]);
    expect(meta.width).toBeGreaterThanOrEqual(660);
    const ink = await inkOf(png);
    expect(ink.length).toBeGreaterThan(0);
    const centre = WALLET_LOGO_SIZE / 2;
    const farthest = ink.reduce((most, [x, y]) => Math.max(most, Math.hypot(x + 0.5 - centre, y + 0.5 - centre)), 0);
    expect(farthest).toBeLessThanOrEqual(centre);
    // And it fills the circle well: its box reaches at least 85 % of the radius (no postage stamp).
    expect(farthest).toBeGreaterThan(centre * 0.85);
  });

  it('keeps the logo’s shape and centres it', async () => {
    expect(walletLogoFit(400, 100)).toEqual({ width: 576, height: 144 });
    const ink = await inkOf(await walletLogoPng(await upload(400, 100)));
    const xs = ink.map(([x]) => x);
    const ys = ink.map(([, y]) => y);
    const [w, h] = [Math.max(...xs) - Math.min(...xs) + 1, Math.max(...ys) - Math.min(...ys) + 1];
    expect(Math.abs(w / h - 4)).toBeLessThan(0.05);
    expect(Math.abs((Math.min(...xs) + Math.max(...xs)) / 2 - 329.5)).toBeLessThanOrEqual(1);
    expect(Math.abs((Math.min(...ys) + Math.max(...ys)) / 2 - 329.5)).toBeLessThanOrEqual(1);
  });
});

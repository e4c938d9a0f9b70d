// The QR pixels the browser draws into card images and QR downloads (and the server into its PNGs), read back with a
// real decoder (jsQR).
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrModules, qrPixels as pixelsOf, type QrLevel } from './qr-pixels';

const qrPixels = (text: string, size: number, level: QrLevel = 'M') => pixelsOf(qrModules(text, level), size);

const url = 'https://cards.example.com/card/Ab3_x-9ZkQ7pLm2NcD4e5F?s=qr';

/** Whites out the centre `share` of the symbol's width (quiet zone left out), as the bulk download's logo does. */
function withLogo(pixels: Uint8ClampedArray, size: number, share: number): Uint8ClampedArray {
  const covered = pixels.slice();
  const count = 17 + 4 * jsQR(pixels, size, size)!.version + 2 * 4;
  const box = Math.round(((size * (count - 2 * 4)) / count) * share);
  const start = Math.round((size - box) / 2);
  for (let y = start; y < start + box; y++) covered.fill(255, (y * size + start) * 4, (y * size + start + box) * 4);
  return covered;
}

describe('QR pixels', () => {
  it.each([
    ['the portal card image', 280, 'M'],
    ['the onboarding card image', 224, 'M'],
    ['the bulk download', 300, 'H'],
  ] as const)('draws %s’s %i px code (level %s) in pure black and white, decoding to exactly the card URL', (_, size, level) => {
    const pixels = qrPixels(url, size, level);
    expect(pixels).toHaveLength(size * size * 4);
    expect(new Set(pixels)).toEqual(new Set([0, 255]));
    expect(jsQR(pixels, size, size)?.data).toBe(url);
  });

  it('keeps text outside ASCII exactly', () => {
    const text = 'https://cards.example.com/card/Zoë-Øre?s=qr';
    expect(jsQR(qrPixels(text, 300), 300, 300)?.data).toBe(text);
  });

  it('leaves 4 light modules of quiet zone on every side (the QR standard’s), the finder patterns starting right after', () => {
    const { modules: grid, count } = qrModules(url, 'M');
    const version = (count - 2 * 4 - 17) / 4;
    expect(Number.isInteger(version)).toBe(true);
    for (const [r, row] of grid.entries()) for (const [c, dark] of row.entries()) if (r < 4 || c < 4 || r >= count - 4 || c >= count - 4) expect(dark).toBe(false);
    expect([grid[4]![4], grid[4]![count - 5], grid[count - 5]![4]]).toEqual([true, true, true]);

    const pixels = qrPixels(url, 300, 'H');
    const modules = 17 + 4 * jsQR(pixels, 300, 300)!.version + 2 * 4;
    const [first, end] = [Math.ceil((4 * 300) / modules), Math.ceil(((modules - 4) * 300) / modules)];
    const dark = Array.from({ length: 300 * 300 }, (_, i) => i).filter((i) => pixels[i * 4] === 0);
    expect(dark.filter((i) => [i % 300, Math.floor(i / 300)].some((at) => at < first || at >= end))).toEqual([]);
    expect(dark[0]).toBe(first * 300 + first);
  });

  it('uses level H when asked, so a logo over 40 % of the width still decodes; the card image’s M would not', () => {
    expect(jsQR(withLogo(qrPixels(url, 300, 'H'), 300, 0.4), 300, 300)?.data).toBe(url);
    expect(jsQR(withLogo(qrPixels(url, 300), 300, 0.4), 300, 300)).toBeNull();
  });
});

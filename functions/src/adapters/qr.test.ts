// The QR images stored for a card, checked as a phone and a printer would see them: read back with a real decoder
// (jsQR), and the symbol's modules sampled from the pixels, not taken from the encoder.
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QR_SIZE, renderQr } from './qr';

const url = 'https://cards.example.com/card/01JABCDEF0123456789XYZ?s=qr';

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function pixelsOf(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function decode({ data, width, height }: Pixels) {
  return jsQR(new Uint8ClampedArray(data), width, height);
}

/** The QR standard's quiet zone (ISO/IEC 18004 §6.3.8): 4 light modules on every side. */
const QUIET = 4;
/** Modules across the image, quiet zone included, for a symbol of `version`. */
const modulesAcross = (version: number) => 17 + 4 * version + 2 * QUIET;

/** The modules as drawn: the pixel at the centre of each, dark or not (`grid[row][column]`). */
function modulesOf({ data, width }: Pixels, count: number): boolean[][] {
  const centre = (module: number) => Math.floor(((module + 0.5) * width) / count);
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, column) => data[(centre(row) * width + centre(column)) * 4]! < 128));
}

/**
 * The error correction level written in the symbol's format information (ISO 18004: 15 bits beside the top-left
 * finder, masked with 0x5412, BCH-checked so a misread fails here rather than passing by chance).
 */
function errorCorrectionLevelOf(modules: boolean[][], quietZone: number): string {
  const at = (column: number, row: number) => (modules[row + quietZone]![column + quietZone] ? 1 : 0);
  // Bits 14…0: row 8 from the left (skipping the timing column 6), then column 8 upwards (skipping the timing row 6).
  const cells: [number, number][] = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]];
  const bits = cells.reduce((value, [column, row]) => (value << 1) | at(column, row), 0) ^ 0x5412;
  let check = bits >> 10;
  for (let i = 0; i < 10; i++) check = (check << 1) ^ ((check >> 9) * 0x537);
  expect(bits & 0x3ff, 'format information checksum').toBe(check & 0x3ff);
  return ['M', 'L', 'H', 'Q'][bits >> 13]!;
}

describe('QR codes', () => {
  it.each([
    ['a card URL', url],
    ['a long URL (version 11, 4.3 px modules)', `https://cards.example.com/card/${'x'.repeat(100)}?s=qr`],
    ['text outside ASCII', 'https://cards.example.com/card/Zoë-Øre?s=qr'],
  ])('draws %s as a 300×300 PNG of black and white pixels that decodes to exactly that text', async (_, text) => {
    const { png } = await renderQr(text);
    const pixels = await pixelsOf(png);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([pixels.width, pixels.height]).toEqual([QR_SIZE, QR_SIZE]);
    expect(new Set(pixels.data)).toEqual(new Set([0, 255]));
    expect(decode(pixels)?.data).toBe(text);
  });

  it('uses error correction level H, so it still decodes with a logo over 40 % of its width', async () => {
    const pixels = await pixelsOf((await renderQr(url)).png);
    const { version } = decode(pixels)!;
    expect(errorCorrectionLevelOf(modulesOf(pixels, modulesAcross(version)), QUIET)).toBe('H');

    // Below H (30 % of the codewords restored), a centre this large is lost: 40 % of the symbol's width (the quiet
    // zone left out).
    const count = modulesAcross(version);
    const box = Math.round(((QR_SIZE * (count - 2 * QUIET)) / count) * 0.4);
    const start = Math.round((QR_SIZE - box) / 2);
    for (let y = start; y < start + box; y++) pixels.data.fill(255, (y * QR_SIZE + start) * 4, (y * QR_SIZE + start + box) * 4);
    expect(decode(pixels)?.data).toBe(url);
  });

  it('leaves a quiet zone of exactly 4 light modules around the symbol, in the PNG and in the SVG', async () => {
    const { png, svg } = await renderQr(url);
    const pixels = await pixelsOf(png);
    const count = modulesAcross(decode(pixels)!.version);
    const modules = modulesOf(pixels, count);
    const edge = (i: number) => i < QUIET || i >= count - QUIET;
    expect(modules.flatMap((row, r) => row.filter((dark, c) => dark && (edge(r) || edge(c))))).toEqual([]);
    // The three finders' outer corners sit right inside it.
    const [near, far] = [QUIET, count - QUIET - 1];
    expect([modules[near]![near], modules[near]![far], modules[far]![near]]).toEqual([true, true, true]);
    // And in pixels: nothing dark before the first finder starts, 4 modules in.
    const firstDark = pixels.data.findIndex((value, i) => i % 4 === 0 && value === 0) / 4;
    expect(Math.floor(firstDark / QR_SIZE)).toBe(Math.ceil((QUIET * QR_SIZE) / count));
    expect(firstDark % QR_SIZE).toBe(Math.ceil((QUIET * QR_SIZE) / count));
    // The SVG's first stroke starts on the first finder's row, 4 modules in.
    expect(svg).toContain(`d="M${QUIET} ${QUIET + 0.5}h7`);
  });

  it('gives one 300×300 <svg> whose dark modules are those of the PNG', async () => {
    const { png, svg } = await renderQr(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300" viewBox="0 0 (\d+) \1"[^>]*>/);
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    expect(svg).toMatch(/<\/svg>\n?$/);

    const drawn = await pixelsOf(await sharp(Buffer.from(svg)).png().toBuffer());
    const pixels = await pixelsOf(png);
    expect([drawn.width, drawn.height]).toEqual([QR_SIZE, QR_SIZE]);
    const count = modulesAcross(decode(pixels)!.version);
    expect(Number(/viewBox="0 0 (\d+)/.exec(svg)![1])).toBe(count);
    expect(modulesOf(drawn, count)).toEqual(modulesOf(pixels, count));
    expect(decode(drawn)?.data).toBe(url);
  });
});

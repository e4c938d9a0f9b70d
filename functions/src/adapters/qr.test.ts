import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QR_SIZE, renderQr } from './qr';

const url = 'https://cards.example.com/card/01JABCDEF0123456789XYZ';
const options = { errorCorrectionLevel: 'H' as const, margin: 2, width: QR_SIZE };

async function pixelsOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('QR codes', () => {
  it('draws exactly the PNG pixels of the qrcode package’s own renderer, at 300×300, and it decodes to the card URL', async () => {
    const { png } = await renderQr(url);
    const ours = await pixelsOf(png);
    const theirs = await pixelsOf(await QRCode.toBuffer(url, { ...options, type: 'png' }));
    expect([ours.width, ours.height]).toEqual([QR_SIZE, QR_SIZE]);
    expect(ours.data.equals(theirs.data)).toBe(true);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(jsQR(new Uint8ClampedArray(ours.data), ours.width, ours.height)?.data).toBe(url);
  });

  it('gives the same SVG as the package’s string renderer', async () => {
    const { svg } = await renderQr(url);
    expect(svg).toBe(await QRCode.toString(url, { ...options, type: 'svg' }));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300" height="300"/);
  });
});

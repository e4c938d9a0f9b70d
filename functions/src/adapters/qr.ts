// QR codes made on our side (no external service): PNG and SVG, 300×300, error correction H so a logo in the centre
// still scans. shared/qr-pixels.ts encodes (uqr, ~11 KB minified where the `qrcode` package's encoder and renderers
// took ~23 KB) and draws the pixels the browser draws too; the PNG is those pixels encoded by sharp, which the
// business Lambda already ships for uploads (loaded on first use, functions/src/adapters/sdk.ts).
import { qrModules, qrPixels, qrSvg } from '../../../shared/qr-pixels';
import { loadSharp } from './sharp';

export const QR_SIZE = 300;

export async function renderQr(text: string): Promise<{ png: Buffer; svg: string }> {
  const qr = qrModules(text, 'H');
  const sharp = await loadSharp();
  const png = await sharp(qrPixels(qr, QR_SIZE), { raw: { width: QR_SIZE, height: QR_SIZE, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, svg: `${qrSvg(qr, QR_SIZE)}\n` };
}

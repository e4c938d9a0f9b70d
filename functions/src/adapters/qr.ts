// QR codes made on our side with the `qrcode` package (no external service): PNG and SVG, 300×300,
// error correction H so a logo in the centre still scans. Its encoder and renderers are imported by file: the
// package's entry also loads its PNG writer (with its own copy of pngjs) and its terminal, UTF-8 and canvas renderers,
// ~30 KB of the business bundle. The PNG holds the same pixels qrcode's PNG renderer draws, encoded by sharp, which
// the business Lambda already ships for uploads.
import { create } from 'qrcode/lib/core/qrcode.js';
import { render as renderSvg } from 'qrcode/lib/renderer/svg-tag.js';
import { getImageWidth, getOptions, qrToImageData } from 'qrcode/lib/renderer/utils.js';
import sharp from 'sharp';

export const QR_SIZE = 300;

export async function renderQr(text: string): Promise<{ png: Buffer; svg: string }> {
  const options = { errorCorrectionLevel: 'H' as const, margin: 2, width: QR_SIZE };
  const qr = create(text, options);
  const drawing = getOptions(options);
  const size = getImageWidth(qr.modules.size, drawing);
  const rgba = Buffer.alloc(size * size * 4);
  qrToImageData(rgba, qr, drawing);
  const png = await sharp(rgba, { raw: { width: size, height: size, channels: 4 } }).png({ compressionLevel: 9 }).toBuffer();
  return { png, svg: renderSvg(qr, options) };
}

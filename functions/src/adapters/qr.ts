// QR codes made on our side (no external service): PNG and SVG, 300×300, error correction H so a logo in the centre
// still scans. shared/qr-pixels.ts encodes (uqr, ~11 KB minified where the `qrcode` package's encoder and renderers
// took ~23 KB) and draws the pixels the browser draws too; the PNG is those pixels encoded by sharp, which the
// business Lambda already ships for uploads (loaded on first use, functions/src/adapters/sdk.ts).
import { qrModules, qrPixels } from '../../../shared/qr-pixels';
import { loadSharp } from './sharp';

export const QR_SIZE = 300;

export async function renderQr(text: string): Promise<{ png: Buffer; svg: string }> {
  const qr = qrModules(text, 'H');
  const sharp = await loadSharp();
  const png = await sharp(qrPixels(qr, QR_SIZE), { raw: { width: QR_SIZE, height: QR_SIZE, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, svg: svgOf(qr.modules, qr.count) };
}

/**
 * One unit per module; each run of dark modules in a row is a 1-unit stroke along the row's middle, the first of a
 * row placed absolutely and the next ones relatively (shorter).
 */
function svgOf(modules: boolean[][], size: number): string {
  let path = '';
  modules.forEach((row, y) => {
    let pen = -1; // where the last run of this row ended, -1 before the first
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      path += `${pen < 0 ? `M${start} ${y + 0.5}` : `m${start - pen} 0`}h${x + 1 - start}`;
      pen = x + 1;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${QR_SIZE}" height="${QR_SIZE}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<path fill="#ffffff" d="M0 0h${size}v${size}H0z"/><path stroke="#000000" d="${path}"/></svg>\n`
  );
}

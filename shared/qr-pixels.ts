// The pixels of a QR code, for the server's PNG and SVG (functions/src/adapters/qr.ts), the public card page's own
// code (functions/src/card-page/card-page.ts) and the browser's canvases
// (web/src/features/card-image/draw.ts): one encoding and one drawing everywhere. uqr (a port of Nayuki's generator,
// pure JS) encodes; 4 light modules of quiet zone, as the QR standard (ISO/IEC 18004) asks: some readers and printers'
// crops need it, and a code placed on a busy background keeps its own margin.
import { encode } from 'uqr';

export const QR_QUIET_ZONE = 4;

export type QrLevel = 'M' | 'H';

/** A QR code's dark (true) and light modules, `count`×`count`, quiet zone included. */
export interface QrModules {
  modules: boolean[][];
  count: number;
}

export function qrModules(text: string, level: QrLevel): QrModules {
  const { data, size } = encode(text, { ecc: level, border: QR_QUIET_ZONE });
  return { modules: data, count: size };
}

/**
 * The RGBA pixels of a QR code, `size`×`size` (quiet zone included), black on white. A module is
 * size / modules px, a fraction: each pixel takes the module under its top-left corner (in integers, so none falls in
 * the wrong one by rounding), which keeps every pixel pure black or white where drawing scaled rectangles would blur.
 */
export function qrPixels({ modules, count }: QrModules, size: number): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    const row = modules[Math.floor((y * count) / size)]!;
    for (let x = 0; x < size; x++) {
      const at = (y * size + x) * 4;
      if (row[Math.floor((x * count) / size)]) rgba.fill(0, at, at + 3);
    }
  }
  return rgba;
}

/**
 * A QR code as one SVG (quiet zone included), `px` wide: one unit per module; each run of dark modules in a row is a
 * 1-unit stroke along the row's middle, the first of a row placed absolutely and the next ones relatively (shorter).
 * `attributes` go on the <svg> (a role and label where it is shown in a page).
 */
export function qrSvg({ modules, count }: QrModules, px: number, attributes = ''): string {
  let path = '';
  modules.forEach((row, y) => {
    let pen = -1; // where the last run of this row ended, -1 before the first
    for (let x = 0; x < count; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      path += `${pen < 0 ? `M${start} ${y + 0.5}` : `m${start - pen} 0`}h${x + 1 - start}`;
      pen = x + 1;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${count} ${count}" shape-rendering="crispEdges"${attributes}>` +
    `<path fill="#ffffff" d="M0 0h${count}v${count}H0z"/><path stroke="#000000" d="${path}"/></svg>`
  );
}

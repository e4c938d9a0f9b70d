// The pixels of a QR code, for the server's PNG (functions/src/adapters/qr.ts) and the browser's canvases
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

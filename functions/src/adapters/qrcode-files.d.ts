// Types for the files of the `qrcode` package that functions/src/adapters/qr.ts imports directly (its encoder and
// renderers, without the entry that loads every renderer). @types/qrcode types only the entry.
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions } from 'qrcode';
  export function create(text: string, options?: QRCodeOptions): QRCode;
}

declare module 'qrcode/lib/renderer/svg-tag.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';
  export function render(qr: QRCode, options?: QRCodeRenderersOptions): string;
}

declare module 'qrcode/lib/renderer/utils.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';
  /** The renderers' resolved drawing options (margin, scale, width, colours as RGBA). */
  export interface DrawingOptions {
    width?: number;
    scale: number;
    margin: number;
  }
  export function getOptions(options?: QRCodeRenderersOptions): DrawingOptions;
  export function getImageWidth(qrSize: number, options: DrawingOptions): number;
  /** Writes the symbol's RGBA pixels (4 bytes per pixel, rows of getImageWidth pixels) into `target`. */
  export function qrToImageData(target: Uint8Array, qr: QRCode, options: DrawingOptions): void;
}

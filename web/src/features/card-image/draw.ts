// Canvas helpers shared by the card image and the QR code downloads: QR codes drawn from the card URL (the same
// encoding and pixels the server uses, shared/qr-pixels.ts), images loaded without tainting the canvas, and canvases
// turned into PNG bytes.
import { qrModules, qrPixels, type QrLevel } from '@shared/qr-pixels';

/** A QR code of `text` as a canvas of `size`×`size` pixels (quiet zone included). */
export async function qrCanvas(text: string, size: number, errorCorrectionLevel: QrLevel = 'M'): Promise<HTMLCanvasElement> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  context.putImageData(new ImageData(qrPixels(qrModules(text, errorCorrectionLevel), size), size, size), 0, 0);
  return canvas;
}

/**
 * Loads an image for drawing. Our own media is same-origin; another site's logo is asked for with CORS, and when
 * that is refused the image is left out (null) rather than tainting the canvas, which could then not be saved.
 */
export function loadImage(url: string | null | undefined): Promise<HTMLImageElement | null> {
  if (!url) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    if (new URL(url, window.location.href).origin !== window.location.origin) image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be created.'))), 'image/png'));
}

/** Saves a blob as a file download. */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Ada Lovelace' → 'ada-lovelace' (for file names). */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'card'
  );
}

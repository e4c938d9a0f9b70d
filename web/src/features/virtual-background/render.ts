// Draws a video-call background (issue 22 §4) on a canvas from a layout (layout.ts) and exports it as a file of at
// most 1 MB: PNG when it fits (sharpest QR code), else JPEG at the highest quality that fits. Loaded with the portal
// section's lazy part (background-chooser.tsx), so the portal's first JS does not carry it.
import { qrModules, QR_QUIET_ZONE } from '@shared/qr-pixels';
import { renditionUrl } from '@shared/media-urls';
import { markedCardUrl } from '@shared/scan-sources';
import type { BrandColors } from '@shared/colour';
import { loadImage } from '@web/features/card-image/draw';
import { BACKGROUND_HEIGHT, BACKGROUND_WIDTH, backgroundLayout, backgroundPalette, type BackgroundLayoutId, type Box, type TextSlot } from './layout';

export const MAX_BACKGROUND_BYTES = 1024 * 1024;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export interface BackgroundContent {
  name: string;
  jobTitle: string | null;
  companyName: string;
  logoUrl: string | null;
  colors: BrandColors;
  /** The card URL without a mark: the code encodes it marked as a background scan. */
  cardUrl: string;
}

/** The text a QR code on a background encodes. */
export const backgroundQrText = (cardUrl: string) => markedCardUrl(cardUrl, 'background');

/**
 * Writes `text` into `slot`: the font starts at the slot's height and shrinks to `smallest` of it to fit the width; past
 * that the text is cut with an ellipsis.
 */
function drawText(context: CanvasRenderingContext2D, text: string, slot: TextSlot, ink: string, smallest = 0.7) {
  if (!text) return;
  let size = slot.height;
  const font = (px: number) => `${slot.weight} ${px}px ${FONT}`;
  context.font = font(size);
  while (size > slot.height * smallest && context.measureText(text).width > slot.width) context.font = font(--size);
  let line = text;
  if (context.measureText(line).width > slot.width) {
    while (line.length > 1 && context.measureText(`${line}…`).width > slot.width) line = line.slice(0, -1);
    line = `${line.trimEnd()}…`;
  }
  context.fillStyle = ink;
  context.textBaseline = 'top';
  context.textAlign = slot.align;
  const x = slot.align === 'left' ? slot.x : slot.align === 'right' ? slot.x + slot.width : slot.x + slot.width / 2;
  context.fillText(line, x, slot.y + (slot.height - size) / 2);
}

/** The logo scaled into `box` (aspect kept), aligned to the box's left edge and vertically centred. */
function drawLogo(context: CanvasRenderingContext2D, logo: HTMLImageElement, box: Box) {
  const scale = Math.min(box.width / logo.naturalWidth, box.height / logo.naturalHeight);
  const width = logo.naturalWidth * scale;
  const height = logo.naturalHeight * scale;
  context.drawImage(logo, box.x, box.y + (box.height - height) / 2, width, height);
}

/**
 * The background drawn on a new canvas `width` pixels wide (full size: the download; smaller: a preview, drawn at its
 * own size — a full-size drawing took ≈ 25 ms of the portal's main thread per layout, issue 25 §1). The logo is drawn
 * once loaded; a logo that fails is left out.
 */
export async function renderBackground(layoutId: BackgroundLayoutId, content: BackgroundContent, logo?: HTMLImageElement | null, width = BACKGROUND_WIDTH): Promise<HTMLCanvasElement> {
  const { modules, count } = qrModules(backgroundQrText(content.cardUrl), 'M');
  const moduleCount = count - 2 * QR_QUIET_ZONE;
  const layout = backgroundLayout(layoutId, moduleCount);
  const palette = backgroundPalette(content.colors);
  const canvas = document.createElement('canvas');
  const scale = width / BACKGROUND_WIDTH;
  canvas.width = width;
  canvas.height = Math.round(BACKGROUND_HEIGHT * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  context.scale(scale, scale);

  // The field.
  const [from, to] = layout.fill === 'gradient' ? palette.gradient : palette.soft;
  const field = context.createLinearGradient(0, 0, BACKGROUND_WIDTH, BACKGROUND_HEIGHT);
  field.addColorStop(0, from);
  field.addColorStop(1, to);
  context.fillStyle = field;
  context.fillRect(0, 0, BACKGROUND_WIDTH, BACKGROUND_HEIGHT);
  if (layout.panel) {
    context.fillStyle = palette.panel;
    context.fillRect(layout.panel.x, layout.panel.y, layout.panel.width, layout.panel.height);
  }
  const ink = layout.fill === 'panel' ? palette.panelInk : layout.fill === 'gradient' ? palette.gradientInk : palette.softInk;

  // The QR code: black modules in whole pixels on a white tile that holds the quiet zone.
  const { tile, code, modulePx } = layout.qr;
  context.fillStyle = '#ffffff';
  context.fillRect(tile.x, tile.y, tile.width, tile.height);
  context.fillStyle = '#000000';
  for (let row = 0; row < moduleCount; row++) {
    for (let col = 0; col < moduleCount; col++) {
      if (modules[row + QR_QUIET_ZONE]![col + QR_QUIET_ZONE]) context.fillRect(code.x + col * modulePx, code.y + row * modulePx, modulePx, modulePx);
    }
  }

  const image = logo === undefined ? await loadBackgroundLogo(content.logoUrl) : logo;
  if (image) drawLogo(context, image, layout.logo);
  drawText(context, content.companyName, image ? layout.text.company : layout.logoText, ink);
  drawText(context, content.name, layout.text.name, ink, 0.6);
  drawText(context, content.jobTitle ?? '', layout.text.title, ink);
  drawText(context, 'Scan for my digital business card', layout.text.caption, ink);
  return canvas;
}

function toBlob(canvas: HTMLCanvasElement, type: 'image/png' | 'image/jpeg', quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be created.'))), type, quality));
}

/** The file: PNG when it is at most 1 MB, else JPEG with the quality stepped down from 0.92 until it fits. */
export async function exportBackground(canvas: HTMLCanvasElement): Promise<{ blob: Blob; extension: 'png' | 'jpg' }> {
  const png = await toBlob(canvas, 'image/png');
  if (png.size <= MAX_BACKGROUND_BYTES) return { blob: png, extension: 'png' };
  for (let quality = 0.92; quality >= 0.5; quality -= 0.07) {
    const jpeg = await toBlob(canvas, 'image/jpeg', quality);
    if (jpeg.size <= MAX_BACKGROUND_BYTES) return { blob: jpeg, extension: 'jpg' };
  }
  throw new Error('The background image is too large.');
}

/** A preview drawn by renderBackground at its size, as an image for the layout choice (an object URL; the caller revokes it). */
export async function previewUrl(canvas: HTMLCanvasElement): Promise<string> {
  return URL.createObjectURL(await toBlob(canvas, 'image/png'));
}

export async function loadBackgroundLogo(logoUrl: string | null): Promise<HTMLImageElement | null> {
  return loadImage(logoUrl ? renditionUrl(logoUrl, 256) : null);
}

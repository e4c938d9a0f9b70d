// The downloadable business card image (spec 1 §9: 800×500 PNG in the portal, 600×400 in onboarding): the business's
// gradient, the employee's name, title and contact lines, the business name and logo, and the card's QR code, which
// decodes to the public card URL.
import { DEFAULT_BRAND_COLORS, isHexColor, readableTextOn } from '@shared/colour';
import { renditionUrl } from '@shared/media-urls';
import { qrTargetOf } from '@shared/urls';
import type { Employee } from '@shared/schemas/employee';
import { canvasToPng, loadImage, qrCanvas } from './draw';

export interface CardLook {
  name: string;
  logoUrl: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
}

export const cardImageSizes = { portal: { width: 800, height: 500 }, onboarding: { width: 600, height: 400 } } as const;
export type CardImageSize = keyof typeof cardImageSizes;

/** Cuts `text` with an ellipsis to fit `maxWidth` in the context's current font. */
function fit(context: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (context.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export async function renderCardImage(employee: Employee, business: CardLook, size: CardImageSize): Promise<Blob> {
  const { width, height } = cardImageSizes[size];
  const cardUrl = employee.card?.cardUrl;
  if (!cardUrl) throw new Error('This employee has no business card yet.');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');

  const primary = isHexColor(business.primaryColor) ? business.primaryColor : DEFAULT_BRAND_COLORS.primaryColor;
  const secondary = isHexColor(business.secondaryColor) ? business.secondaryColor : DEFAULT_BRAND_COLORS.secondaryColor;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, primary);
  gradient.addColorStop(1, secondary);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);

  // Text sits on the gradient: the colour readable on both ends of it.
  const ink = readableTextOn(primary) === readableTextOn(secondary) ? readableTextOn(primary) : '#ffffff';
  const unit = width / 100;
  const pad = 6 * unit;
  const qrSize = Math.round(height * 0.56);
  const qrX = width - pad - qrSize;
  const qrY = Math.round((height - qrSize) / 2);
  const textWidth = qrX - 2 * pad;

  // The QR code on a white tile, so it scans whatever the brand colours are.
  context.fillStyle = '#ffffff';
  context.fillRect(qrX - unit, qrY - unit, qrSize + 2 * unit, qrSize + 2 * unit);
  context.drawImage(await qrCanvas(qrTargetOf(cardUrl), qrSize), qrX, qrY, qrSize, qrSize);

  let y = pad;
  const logo = await loadImage(business.logoUrl ? renditionUrl(business.logoUrl, 128) : null);
  context.fillStyle = ink;
  context.textBaseline = 'top';
  if (logo) {
    const box = 9 * unit;
    const scale = Math.min(box / logo.width, box / logo.height);
    context.drawImage(logo, pad, y, logo.width * scale, logo.height * scale);
    context.font = `600 ${2.6 * unit}px system-ui, sans-serif`;
    context.fillText(fit(context, business.name, textWidth - box - 2 * unit), pad + box + 2 * unit, y + box / 2 - 1.3 * unit);
    y += box + 4 * unit;
  } else {
    context.font = `600 ${2.8 * unit}px system-ui, sans-serif`;
    context.fillText(fit(context, business.name, textWidth), pad, y);
    y += 7 * unit;
  }

  context.font = `700 ${5.2 * unit}px system-ui, sans-serif`;
  context.fillText(fit(context, employee.name, textWidth), pad, y);
  y += 7 * unit;
  if (employee.jobTitle) {
    context.font = `400 ${3 * unit}px system-ui, sans-serif`;
    context.fillText(fit(context, employee.jobTitle, textWidth), pad, y);
    y += 5 * unit;
  }
  y += 2 * unit;
  context.font = `400 ${2.5 * unit}px system-ui, sans-serif`;
  const lines = [employee.email, employee.officePhone && `Office ${employee.officePhone}`, employee.mobilePhone && `Mobile ${employee.mobilePhone}`, employee.department].filter(
    (line): line is string => Boolean(line),
  );
  for (const line of lines) {
    if (y > height - pad - 3 * unit) break;
    context.fillText(fit(context, line, textWidth), pad, y);
    y += 4 * unit;
  }
  context.font = `400 ${2 * unit}px system-ui, sans-serif`;
  context.fillText('Scan for my digital business card', qrX, qrY + qrSize + 2 * unit);

  return canvasToPng(canvas);
}

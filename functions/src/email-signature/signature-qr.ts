// The QR image of an e-mail signature (issue 22 §3): a small PNG of the card URL marked as a signature scan, stored in
// media at a key named after what it encodes (so a new URL is a new key and every key is cached for a year), made once.
import { createHash } from 'node:crypto';
import { qrModules, qrPixels } from '../../../shared/qr-pixels';
import { mediaUrl } from '../adapters/media';
import { loadSharp } from '../adapters/sharp';
import { storeSignatureImage } from './signature-images';

/** The PNG is at most this wide: sharp at the 88 px it is shown at, and at 1.5× on high-density screens. */
export const SIGNATURE_QR_MAX_PX = 160;

/** Whole pixels per module (never blurred), as many as fit in SIGNATURE_QR_MAX_PX. */
export async function signatureQrPng(text: string): Promise<Buffer> {
  const qr = qrModules(text, 'M');
  const size = qr.count * Math.max(1, Math.floor(SIGNATURE_QR_MAX_PX / qr.count));
  const sharp = await loadSharp();
  return sharp(qrPixels(qr, size), { raw: { width: size, height: size, channels: 4 } })
    .greyscale()
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}

/**
 * `signature-qr/{businessId}/{cardId}/{hash}.png`: the hash is of the URL it encodes; under the business, like qr/, so
 * that deleting the business deletes its signature images too.
 */
export function signatureQrKey(businessId: string, cardId: string, url: string): string {
  return `signature-qr/${businessId}/${cardId}/${createHash('sha256').update(url).digest('hex').slice(0, 16)}.png`;
}

/** Keys this container has stored already (a warm container answers without touching S3). */
const stored = new Set<string>();

/** The QR image's URL, stored first unless it is there (storeSignatureImage: a conditional PUT). */
export async function ensureSignatureQr(card: { businessId: string; cardId: string }, url: string): Promise<string> {
  const key = signatureQrKey(card.businessId, card.cardId, url);
  if (!stored.has(key)) {
    await storeSignatureImage(key, await signatureQrPng(url));
    stored.add(key);
  }
  return mediaUrl(key);
}

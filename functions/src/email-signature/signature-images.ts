// The e-mail signature's photo and logo as images every mail client shows: PNG, where the stored renditions are WebP
// (classic Outlook for Windows shows WebP as a broken image), at twice the size they are shown at, with the size known
// so the HTML can give width and height attributes. The photo is cropped round in its pixels (transparent corners):
// Outlook ignores border-radius. Stored once beside the signature's QR image (signature-qr/{businessId}/{cardId}/),
// under a key named after the source, so a new photo or logo is a new key, cached for a year like the QR image.
import { createHash } from 'node:crypto';
import { SIGNATURE_LOGO_HEIGHT, SIGNATURE_LOGO_MAX_WIDTH, SIGNATURE_PHOTO_SIZE } from '../../../shared/email-signature';
import { isRenditionUrl } from '../../../shared/media-urls';
import { getMediaObject, mediaKeyOf, mediaUrl, s3 } from '../adapters/media';
import { loadSharp } from '../adapters/sharp';
import { s3Sdk } from '../adapters/sdk';
import { mediaConfig } from '../config';
import { logger } from '../lib/logger';

/** Pixels per CSS pixel of the stored images: sharp on high-density screens. */
const DENSITY = 2;
/** Bumped when the drawing changes, so that new images get new keys. */
const DRAWING_VERSION = 'v1';

export interface SignatureImage {
  url: string;
  /** The size it is shown at, in CSS pixels (the PNG is DENSITY times larger). */
  width: number;
  height: number;
}

/** The photo as a PNG, SIGNATURE_PHOTO_SIZE × DENSITY square, cropped to a circle with transparent corners. */
export async function roundPhotoPng(source: Uint8Array): Promise<Buffer> {
  const size = SIGNATURE_PHOTO_SIZE * DENSITY;
  const sharp = await loadSharp();
  const circle = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`);
  return sharp(source)
    .resize(size, size, { fit: 'cover' })
    .ensureAlpha()
    .composite([{ input: circle, blend: 'dest-in' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The logo as a PNG of at most SIGNATURE_LOGO_HEIGHT × SIGNATURE_LOGO_MAX_WIDTH CSS pixels (its shape kept), and that size. */
export async function logoPng(source: Uint8Array): Promise<{ png: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(source)
    .resize(SIGNATURE_LOGO_MAX_WIDTH * DENSITY, SIGNATURE_LOGO_HEIGHT * DENSITY, { fit: 'inside' })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: Math.max(1, Math.round(info.width / DENSITY)), height: Math.max(1, Math.round(info.height / DENSITY)) };
}

/** `signature-qr/{businessId}/{cardId}/{kind}-{hash}.png`, the hash of the source URL and the drawing's version. */
export function signatureImageKey(card: { businessId: string; cardId: string }, kind: string, source: string): string {
  const hash = createHash('sha256').update(`${DRAWING_VERSION}:${source}`).digest('hex').slice(0, 16);
  return `signature-qr/${card.businessId}/${card.cardId}/${kind}-${hash}.png`;
}

/** Keys this container has stored already, with what they show (a warm container answers without touching S3). */
const stored = new Map<string, SignatureImage>();

/**
 * Stores a signature image once: a conditional PUT (If-None-Match: *) writes it only when the key is new, so concurrent
 * first calls and retries are harmless; S3 answers 412 when it exists already, 409 while another call writes it.
 */
export async function storeSignatureImage(key: string, body: Buffer): Promise<string> {
  try {
    const { PutObjectCommand } = await s3Sdk();
    await (await s3()).send(
      new PutObjectCommand({
        Bucket: mediaConfig().MEDIA_BUCKET,
        Key: key,
        Body: body,
        ContentType: 'image/png',
        CacheControl: 'public, max-age=31536000, immutable',
        IfNoneMatch: '*',
      }),
    );
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 412 && status !== 409) throw error;
  }
  return mediaUrl(key);
}

/** The bytes of one of our stored renditions; null for any other URL (an external logo is never fetched). */
async function renditionBytes(url: string): Promise<Uint8Array | null> {
  const key = isRenditionUrl(url) ? mediaKeyOf(url) : null;
  if (!key) return null;
  const object = await getMediaObject(key);
  return (await object.Body?.transformToByteArray()) ?? null;
}

/**
 * A signature image made from a stored photo or logo, stored first unless it is there. Null where there is none to
 * make: an external logo (its format and size are unknown), or a source that cannot be read (logged; the signature
 * is then shown without the image rather than failing).
 */
async function ensureImage(
  card: { businessId: string; cardId: string },
  kind: 'photo' | 'logo',
  source: string,
  draw: (bytes: Uint8Array) => Promise<{ png: Buffer; width: number; height: number }>,
): Promise<SignatureImage | null> {
  const key = signatureImageKey(card, kind, source);
  const known = stored.get(key);
  if (known) return known;
  try {
    const bytes = await renditionBytes(source);
    if (!bytes) return null;
    const { png, width, height } = await draw(bytes);
    const image = { url: await storeSignatureImage(key, png), width, height };
    stored.set(key, image);
    return image;
  } catch (error) {
    logger.warn('signature image left out', { key, error: error as Error });
    return null;
  }
}

export function ensureSignaturePhoto(card: { businessId: string; cardId: string }, photoUrl: string): Promise<SignatureImage | null> {
  return ensureImage(card, 'photo', photoUrl, async (bytes) => ({ png: await roundPhotoPng(bytes), width: SIGNATURE_PHOTO_SIZE, height: SIGNATURE_PHOTO_SIZE }));
}

export function ensureSignatureLogo(card: { businessId: string; cardId: string }, logoUrl: string): Promise<SignatureImage | null> {
  return ensureImage(card, 'logo', logoUrl, logoPng);
}

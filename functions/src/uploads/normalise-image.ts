// Turns an uploaded file into the images we serve: it must be a JPEG, PNG, WebP or GIF by its bytes (never by its
// name or declared type), at most 5 MB and decodable to the end; it is then turned upright, stripped of every
// metadata block (EXIF GPS included) and re-encoded as small WebP renditions. Nothing the user sent is served as is.
import type { Sharp } from 'sharp';
import { messages } from '../../../shared/messages';
import { MAX_UPLOAD_BYTES, type UploadPurpose } from '../../../shared/schemas/media';
import { loadSharp } from '../adapters/sharp';
import { AppError } from '../lib/errors';
import { coverHeightOf, renditionSizes } from '../adapters/media-keys';

export type SniffedImageType = 'jpeg' | 'png' | 'webp' | 'gif';

/**
 * A decoded image larger than this (in pixels) is refused before it can exhaust memory (a decompression bomb); the
 * message says 40 megapixels (messages.upload.tooManyPixels).
 */
const MAX_INPUT_PIXELS = 40_000_000;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes say they are (magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export interface Rendition {
  /** The edge length it was made for. */
  size: number;
  width: number;
  height: number;
  body: Buffer;
  contentType: 'image/webp' | 'image/png';
}

const invalidType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', messages.upload.invalidType, { file: messages.upload.invalidTypeTitle });
// 422, not 413: the file is within the size limit, what it decodes to is not.
const tooManyPixels = () => new AppError('UNPROCESSABLE', messages.upload.tooManyPixels, { file: messages.upload.tooManyPixelsTitle });

/** Width × height from the image's header, read without decoding its pixels; null when there is no readable header. */
async function pixelsOf(input: Buffer): Promise<number | null> {
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(input, { animated: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/**
 * Checks and re-encodes an upload. Photos are cropped to squares (they show in circles), covers to 3:1; logos keep
 * their shape inside the square. Images are never enlarged. Throws 'File too large' (413), 'Invalid file type' (415) or, for a
 * valid image over 40 megapixels (a decompression bomb among them), 'This image is too large' (422).
 */
export async function normaliseImage(bytes: Uint8Array, purpose: UploadPurpose): Promise<Rendition[]> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.upload.tooLarge, { file: messages.upload.tooLargeTitle });
  }
  if (!sniffImageType(bytes)) throw invalidType();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixels = await pixelsOf(input);
  if (pixels === null) throw invalidType();
  // Said apart from 'not an image': a large photo or scan is a real image, and the person can shrink it.
  if (pixels > MAX_INPUT_PIXELS) throw tooManyPixels();
  const sharp = await loadSharp();
  try {
    // failOn 'truncated' (not the default 'warning'): a cut-off upload is refused rather than served half grey,
    // while harmless warnings some cameras cause (odd EXIF) do not refuse a good photo.
    const source = sharp(input, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    await source.metadata();
    if (purpose === 'favicon') return await faviconRenditions(source);
    return await Promise.all(
      renditionSizes[purpose].map(async (size) => {
        let image = source
          .clone()
          .rotate()
          .resize(size, purpose === 'cover' ? coverHeightOf(size) : size, { fit: purpose === 'logo' ? 'inside' : 'cover', withoutEnlargement: true });
        // A cover is the largest image of a card's first view and only a backdrop: softened (the same look at every
        // width) and encoded lighter, it costs a few KB whatever the photo (docs/decisions.md 'Card designs').
        if (purpose === 'cover') image = image.blur(size / 320);
        const { data, info } = await image.webp({ quality: purpose === 'cover' ? 45 : 80, effort: 4 }).toBuffer({ resolveWithObject: true });
        return { size, width: info.width, height: info.height, body: data, contentType: 'image/webp' as const };
      }),
    );
  } catch {
    // Undecodable or truncated (limitInputPixels stays as a second guard): not an image we can use.
    throw invalidType();
  }
}

/**
 * A favicon's renditions (issue 21 §1): exactly 32, 180 and 512 px square PNGs, the image kept whole inside the square
 * (enlarged when smaller: a tab icon must have its size). Transparent around it, except the 180 px apple-touch-icon,
 * which iOS would show on black: that one is on white.
 */
async function faviconRenditions(source: Sharp): Promise<Rendition[]> {
  return Promise.all(
    renditionSizes.favicon.map(async (size) => {
      const background = size === 180 ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
      let image = source.clone().rotate().resize(size, size, { fit: 'contain', background });
      if (size === 180) image = image.flatten({ background: '#ffffff' });
      const { data, info } = await image.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
      return { size, width: info.width, height: info.height, body: data, contentType: 'image/png' as const };
    }),
  );
}


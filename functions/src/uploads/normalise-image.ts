// Turns an uploaded file into the images we serve: it must be a JPEG, PNG, WebP or GIF by its bytes (never by its
// name or declared type), at most 5 MB and decodable to the end; it is then turned upright, stripped of every
// metadata block (EXIF GPS included) and re-encoded as small WebP renditions. Nothing the user sent is served as is.
import sharp from 'sharp';
import { messages } from '../../../shared/messages';
import { MAX_UPLOAD_BYTES, type UploadPurpose } from '../../../shared/schemas/media';
import { AppError } from '../lib/errors';
import { renditionSizes } from './media-keys';

export type SniffedImageType = 'jpeg' | 'png' | 'webp' | 'gif';


/** A decoded image larger than this (in pixels) is refused before it can exhaust memory (a decompression bomb). */
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
  contentType: 'image/webp';
}

const invalidType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', messages.upload.invalidType, { file: messages.upload.invalidTypeTitle });

/**
 * Checks and re-encodes an upload. Photos are cropped to squares (they show in circles); logos keep their shape
 * inside the square. Images are never enlarged. Throws 'File too large' (413) or 'Invalid file type' (415).
 */
export async function normaliseImage(bytes: Uint8Array, purpose: UploadPurpose): Promise<Rendition[]> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.upload.tooLarge, { file: messages.upload.tooLargeTitle });
  }
  if (!sniffImageType(bytes)) throw invalidType();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // failOn 'truncated' (not the default 'warning'): a cut-off upload is refused rather than served half grey,
    // while harmless warnings some cameras cause (odd EXIF) do not refuse a good photo.
    const source = sharp(input, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    await source.metadata();
    return await Promise.all(
      renditionSizes[purpose].map(async (size) => {
        const { data, info } = await source
          .clone()
          .rotate()
          .resize(size, size, { fit: purpose === 'photo' ? 'cover' : 'inside', withoutEnlargement: true })
          .webp({ quality: 80, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { size, width: info.width, height: info.height, body: data, contentType: 'image/webp' as const };
      }),
    );
  } catch {
    // Undecodable, truncated or over the pixel limit: to the person uploading, not an image we can use.
    throw invalidType();
  }
}

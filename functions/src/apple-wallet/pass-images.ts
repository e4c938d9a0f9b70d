// The pass's images (issue 22 §1): icon (required by iOS), logo and thumbnail at @1x/@2x/@3x, PNG, from the company
// logo and the person's photo stored in the media bucket (read with GetObject, resized with sharp). A missing logo
// leaves the logo out (logoText carries the company); a missing photo leaves the thumbnail out; the icon is the logo,
// else the photo, else a plain square in the brand colour.
import type { Sharp } from 'sharp';
import { getMediaObject, mediaKeyOf } from '../adapters/media';
import { loadSharp } from '../adapters/sharp';
import { logger } from '../lib/logger';

/** Apple's sizes in points for a generic pass (@2x and @3x are twice and three times these). */
export const PASS_IMAGE_POINTS = {
  icon: { width: 29, height: 29 },
  logo: { width: 160, height: 50 },
  thumbnail: { width: 90, height: 90 },
} as const;
export const SCALES = [1, 2, 3] as const;

const fileName = (image: string, scale: number) => (scale === 1 ? `${image}.png` : `${image}@${scale}x.png`);

/** The stored bytes of a media URL, or null when it is not ours or is gone (the pass goes out without it). */
async function mediaBytes(url: string | undefined): Promise<Buffer | null> {
  const key = url ? mediaKeyOf(url) : null;
  if (!key) return null;
  try {
    const object = await getMediaObject(key);
    return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
  } catch (error) {
    logger.warn('apple wallet: media object unreadable', { key, error: error as Error });
    return null;
  }
}

const png = (image: Sharp) => image.png({ compressionLevel: 9 }).toBuffer();

export async function passImagesOf(source: { logoUrl?: string; photoUrl?: string; brandHex: string }): Promise<Record<string, Buffer>> {
  const [logo, photo, sharp] = await Promise.all([mediaBytes(source.logoUrl), mediaBytes(source.photoUrl), loadSharp()]);
  const files: Record<string, Buffer> = {};
  for (const scale of SCALES) {
    const icon = { width: PASS_IMAGE_POINTS.icon.width * scale, height: PASS_IMAGE_POINTS.icon.height * scale };
    const white = { r: 255, g: 255, b: 255, alpha: 1 };
    files[fileName('icon', scale)] = logo
      ? await png(sharp(logo).resize({ ...icon, fit: 'contain', background: white }).flatten({ background: white }))
      : photo
        ? await png(sharp(photo).resize({ ...icon, fit: 'cover' }))
        : await png(sharp({ create: { ...icon, channels: 3, background: source.brandHex } }));
    if (logo) {
      const box = PASS_IMAGE_POINTS.logo;
      files[fileName('logo', scale)] = await png(sharp(logo).resize({ width: box.width * scale, height: box.height * scale, fit: 'inside' }));
    }
    if (photo) {
      const box = PASS_IMAGE_POINTS.thumbnail;
      files[fileName('thumbnail', scale)] = await png(sharp(photo).resize({ width: box.width * scale, height: box.height * scale, fit: 'cover' }));
    }
  }
  return files;
}

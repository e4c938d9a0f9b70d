// What every confirm call does with the bytes a browser sent (issue 8 §2): one use per upload; refuse anything that is
// not a JPEG, PNG, WebP or GIF by its bytes or is over 5 MB; store metadata-free WebP renditions (and one JPEG for the
// vCard) under a new version folder; only then point the logo or photo at them. The raw upload is deleted whatever
// the outcome, so nothing the user sent is ever served or left behind. A favicon (an agency's, issue 21 §1) is stored as
// three square PNGs instead; an agency's logo brings the favicon derived from it along.
import { messages } from '../../../shared/messages';
import { MAX_UPLOAD_BYTES, type UploadPurpose } from '../../../shared/schemas/media';
import { deleteMediaObjects, putMediaObject } from '../adapters/media';
import { loadSharp } from '../adapters/sharp';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { faviconFileName, type FaviconSize } from '../../../shared/favicon';
import { JPEG_NAME, storedImageKeys, WALLET_LOGO_NAME } from '../adapters/media-keys';
import { walletLogoPng } from './wallet-logo';
import { normaliseImage, type Rendition } from './normalise-image';
import { readUploadedObject, takeUpload } from './repository';

export interface UploadToProcess {
  uploadId: string;
  /** Where the browser sent the file (`uploads/{scope}/{upload}`). */
  key: string;
  purpose: UploadPurpose;
  /** The new version folder of the renditions. */
  folder: string;
  /** Also derive a favicon from the image (an agency's logo): its 512 px URL is the second argument of pointAt. */
  withFavicon?: boolean;
  /** Stores the URL of the largest rendition on the business, employee or agency. */
  pointAt: (url: string, faviconUrl?: string) => Promise<void>;
}

/** Writes favicon renditions into a folder; returns the 512 px one's URL. */
async function putFavicons(folder: string, renditions: Rendition[]): Promise<string> {
  const urls = await Promise.all(renditions.map((r) => putMediaObject(`${folder}/${faviconFileName(r.size as FaviconSize)}`, r.body, 'image/png')));
  return urls[renditions.findIndex((r) => r.size === 512)]!;
}

/** Returns the URL now stored. */
export async function processUpload({ uploadId, key, purpose, folder, withFavicon, pointAt }: UploadToProcess): Promise<string> {
  try {
    // One use per upload: a second confirm (or one racing this) finds the record gone.
    if (!(await takeUpload(uploadId))) throw notFound('Upload not found.');
    const object = await readUploadedObject(key, MAX_UPLOAD_BYTES);
    if (!object) throw new AppError('VALIDATION_FAILED', 'No file was uploaded for this upload.', { file: 'No file was uploaded.' });
    if (!object.bytes) throw new AppError('PAYLOAD_TOO_LARGE', messages.upload.tooLarge, { file: messages.upload.tooLargeTitle });
    const renditions = await normaliseImage(object.bytes, purpose);
    if (purpose === 'favicon') {
      const faviconUrl = await putFavicons(folder, renditions);
      await pointOrCleanUp(() => pointAt(faviconUrl), faviconUrl, folder);
      return faviconUrl;
    }

    const largest = renditions.reduce((a, b) => (b.size > a.size ? b : a));
    const sharp = await loadSharp();
    const jpeg = await sharp(largest.body).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    // A logo also gets Google Wallet's 660 px PNG, from the upload (the renditions are 256 px at most).
    const walletLogo = purpose === 'logo' ? await walletLogoPng(object.bytes) : null;
    const [url] = await Promise.all([
      putMediaObject(`${folder}/${largest.size}.webp`, largest.body, 'image/webp'),
      ...renditions.filter((r) => r !== largest).map((r) => putMediaObject(`${folder}/${r.size}.webp`, r.body, 'image/webp')),
      putMediaObject(`${folder}/${JPEG_NAME}`, jpeg, 'image/jpeg'),
      ...(walletLogo ? [putMediaObject(`${folder}/${WALLET_LOGO_NAME}`, walletLogo, 'image/png')] : []),
    ]);
    const faviconUrl = withFavicon ? await putFavicons(folder, await normaliseImage(object.bytes, 'favicon')) : undefined;
    await pointOrCleanUp(() => pointAt(url!, faviconUrl), url!, folder);
    return url!;
  } finally {
    await deleteMediaObjects([key]).catch((error: Error) => logger.warn('raw upload was not deleted', { uploadId, error }));
  }
}

async function pointOrCleanUp(point: () => Promise<void>, url: string, folder: string): Promise<void> {
  try {
    await point();
  } catch (error) {
    // Nothing points at the new renditions: remove them rather than leave them behind.
    await deleteMediaObjects(storedImageKeys(url, folder)).catch(() => undefined);
    throw error;
  }
}

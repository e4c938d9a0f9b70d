// Where uploads and their renditions live in the media bucket. A browser uploads to `uploads/{business or agency}/{upload}`
// (deleted after the confirm call, and by a lifecycle rule within a day if never confirmed); the checked images live
// under a random version, so a new logo or photo is a new URL that no cache has seen:
//   logos/{businessId or agencyId}/{version}/{64,128,256}.webp + photo.jpg + wallet.png (Google Wallet's 660 px logo)
//   photos/{businessId}/{employeeId}/{version}/{96,192}.webp + photo.jpg
//   favicons/{agencyId}/{version}/favicon-{32,180,512}.png (an agency's own favicon; its logo folder has them too)
//   covers/{businessId}/{version}/{480,640}.webp + photo.jpg (the Banner card design's cover, 3:1)
import { randomBytes } from 'node:crypto';
import { FAVICON_SIZES, faviconFileName, faviconUrlsOf } from '../../../shared/favicon';
import { isRenditionUrl, WALLET_LOGO_FILE } from '../../../shared/media-urls';
import type { UploadPurpose } from '../../../shared/schemas/media';
import { mediaKeyOf } from './media';

export const JPEG_NAME = 'photo.jpg';
export const WALLET_LOGO_NAME = WALLET_LOGO_FILE;

/**
 * Square edge lengths in CSS pixels × device pixel ratios: photos show at 48–96 px, logos in headers and QR centres.
 * Here, not beside the image code, so that areas which only delete images (admin) do not import sharp.
 */
export const renditionSizes: Record<UploadPurpose, readonly number[]> = {
  photo: [96, 192],
  logo: [64, 128, 256],
  favicon: FAVICON_SIZES,
  // Widths of a 3:1 cover, a softened backdrop: 480 for a 1× screen, 640 for a 2× phone (its card is ~360 CSS px
  // wide; the blur hides the slight enlargement, and the first view stays within 14 KB, docs/decisions.md).
  cover: [480, 640],
};

/** A cover's height for its width (3:1). */
export const coverHeightOf = (width: number) => Math.round(width / 3);

export function uploadKey(businessId: string, uploadId: string): string {
  return `uploads/${businessId}/${uploadId}`;
}

/** Where every version of a business's or agency's logo, or of an employee's photo, lives. */
export function imageOwnerFolder(purpose: UploadPurpose, scopeId: string, employeeId?: string): string {
  if (purpose === 'favicon') return `favicons/${scopeId}/`;
  if (purpose === 'cover') return `covers/${scopeId}/`;
  return purpose === 'logo' ? `logos/${scopeId}/` : `photos/${scopeId}/${employeeId}/`;
}

/** The folder of a new version of a logo or photo. */
export function renditionFolder(purpose: UploadPurpose, scopeId: string, employeeId?: string): string {
  return `${imageOwnerFolder(purpose, scopeId, employeeId)}${randomBytes(6).toString('base64url')}`;
}

/**
 * Every object key of a stored logo or photo URL, but only under its owner's folder: a URL pointing at another
 * business's image (anyone may type one into the logo field) is never a reason to delete that image. None for a
 * URL outside our renditions (an external logo).
 */
export function storedImageKeys(url: string | null | undefined, ownerFolder: string): string[] {
  if (!url || !(isRenditionUrl(url) || faviconUrlsOf(url))) return [];
  const key = mediaKeyOf(url);
  if (!key || !key.startsWith(ownerFolder)) return [];
  const folder = key.slice(0, key.lastIndexOf('/'));
  const favicons = FAVICON_SIZES.map((size) => `${folder}/${faviconFileName(size)}`);
  if (folder.startsWith('favicons/')) return favicons;
  const purpose: UploadPurpose = folder.startsWith('logos/') ? 'logo' : folder.startsWith('covers/') ? 'cover' : 'photo';
  // A logo folder also holds the Google Wallet logo, and an agency's the favicon derived from it.
  return [...renditionSizes[purpose].map((size) => `${folder}/${size}.webp`), `${folder}/${JPEG_NAME}`, ...(purpose === 'logo' ? [`${folder}/${WALLET_LOGO_NAME}`, ...favicons] : [])];
}

// Stored logo and photo URLs point at one WebP rendition (`…/logos/{business}/{version}/{size}.webp`); the other
// sizes, the JPEG (and, for a logo, the Google Wallet PNG) sit beside it. These derive them, for the card page (1× and
// 2×), the vCard photo and the Google Wallet pass.

const RENDITION = /\/(?:logos|photos|covers)\/[^?#]+\/(\d+)\.webp$/;

/** The URL of the same image at another size; any other URL (an external logo) is returned as it is. */
export function renditionUrl(url: string, size: number): string {
  return RENDITION.test(url) ? url.replace(/\/\d+\.webp$/, `/${size}.webp`) : url;
}

/** The JPEG beside a stored rendition (for the vCard's PHOTO), or null for an external URL. */
export function jpegRenditionUrl(url: string): string | null {
  return RENDITION.test(url) ? url.replace(/\/\d+\.webp$/, '/photo.jpg') : null;
}

/** The file beside a stored logo that Google Wallet shows (WALLET_LOGO_NAME, functions/src/adapters/media-keys.ts). */
export const WALLET_LOGO_FILE = 'wallet.png';

/**
 * The Google Wallet logo beside a stored logo rendition (a 660 px square PNG, made with the renditions), or null for an
 * external URL: Google asks for a PNG of at least 660×660, which an external logo cannot be known to be.
 */
export function walletLogoUrl(url: string): string | null {
  return RENDITION.test(url) && url.includes('/logos/') ? url.replace(/\/\d+\.webp$/, `/${WALLET_LOGO_FILE}`) : null;
}

/** True for a URL of our own renditions. */
export function isRenditionUrl(url: string): boolean {
  return RENDITION.test(url);
}

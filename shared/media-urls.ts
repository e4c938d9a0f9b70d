// Stored logo and photo URLs point at one WebP rendition (`…/logos/{business}/{version}/{size}.webp`); the other
// sizes and the JPEG sit beside it. These derive them, for the card page (1× and 2×) and the vCard photo.

const RENDITION = /\/(?:logos|photos|covers)\/[^?#]+\/(\d+)\.webp$/;

/** The URL of the same image at another size; any other URL (an external logo) is returned as it is. */
export function renditionUrl(url: string, size: number): string {
  return RENDITION.test(url) ? url.replace(/\/\d+\.webp$/, `/${size}.webp`) : url;
}

/** The JPEG beside a stored rendition (for the vCard's PHOTO), or null for an external URL. */
export function jpegRenditionUrl(url: string): string | null {
  return RENDITION.test(url) ? url.replace(/\/\d+\.webp$/, '/photo.jpg') : null;
}

/** True for a URL of our own renditions. */
export function isRenditionUrl(url: string): boolean {
  return RENDITION.test(url);
}

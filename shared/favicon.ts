// An agency's favicon renditions (issue 21 §1): 32 px (the tab), 180 px (apple-touch-icon, on white) and 512 px (app
// manifests), PNGs stored side by side as favicon-{size}.png. Only the 512 px URL is stored; the others are its siblings.
export const FAVICON_SIZES = [32, 180, 512] as const;
export type FaviconSize = (typeof FAVICON_SIZES)[number];

export const faviconFileName = (size: FaviconSize) => `favicon-${size}.png`;

export interface FaviconUrls {
  icon32: string;
  appleTouch180: string;
  icon512: string;
}

/** The three rendition URLs of a stored favicon (its 512 px URL), or null for anything else. */
export function faviconUrlsOf(url512: string | null | undefined): FaviconUrls | null {
  const suffix = `/${faviconFileName(512)}`;
  if (!url512 || !url512.endsWith(suffix)) return null;
  const base = url512.slice(0, -suffix.length);
  return { icon32: `${base}/${faviconFileName(32)}`, appleTouch180: `${base}/${faviconFileName(180)}`, icon512: url512 };
}

// URL checks shared by the schemas and the card page template (no zod here: the card page must stay small).
import { markedCardUrl } from './scan-sources';

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** What our QR codes encode: the card URL (which has no query) with the `s=qr` mark, so a scan of the code is told
 * apart from a shared link (issue 11 §2; the other channels' marks are in scan-sources.ts). The card page shows the
 * same card with or without it. */
export function qrTargetOf(cardUrl: string): string {
  return markedCardUrl(cardUrl, 'qr');
}

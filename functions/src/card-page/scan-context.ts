// What a scan records besides its day (issue 11 §2): where it came from and on what kind of device — read from the
// request's query string and User-Agent, never stored with the request (no IP address, no cookie, no UA string).
import { isbot } from 'isbot';
import { scanSourceOfMark, type ScanSource } from '../../../shared/scan-sources';
import type { DeviceClass } from '../../../shared/schemas/analytics';

export interface ScanContext {
  source: ScanSource;
  device: DeviceClass;
}

/** Each channel marks the card URL with `?s=<mark>` (shared/scan-sources.ts); anything else is a shared link. */
export function scanSourceOf(query: Record<string, string | undefined> | undefined): ScanSource {
  return scanSourceOfMark(query?.['s']);
}

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i;

/**
 * The device class of a User-Agent, or null for a bot (link previewers, crawlers, headless browsers, scripts and
 * requests without a User-Agent), which is not a scan. iPadOS Safari presents itself as a Mac: counted as desktop.
 */
export function deviceClassOf(userAgent: string | undefined): DeviceClass | null {
  if (!userAgent || isbot(userAgent)) return null;
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  return 'desktop';
}

/** The scan a request records, or null when it is not one (a bot, or a prefetch that no person has opened yet). */
export function scanContextOf(headers: Record<string, string | undefined>, query: Record<string, string | undefined> | undefined): ScanContext | null {
  const purpose = `${headers['purpose'] ?? ''} ${headers['sec-purpose'] ?? ''}`.toLowerCase();
  if (purpose.includes('prefetch')) return null;
  const device = deviceClassOf(headers['user-agent']);
  return device ? { source: scanSourceOf(query), device } : null;
}

// Where a scan came from (issue 22 §7): every channel that shares a card puts a short mark in the card URL's `?s=`, and
// the card page counts the scan under that mark's source. The mark only chooses a counter: nothing else reads or
// trusts it, and the page is the same with or without it. Kept free of zod: the card page Lambda imports it.

/** The sources scan analytics tell apart, in the order they are shown. `link` is every visit without a known mark. */
export const scanSources = ['qr', 'link', 'nfc', 'appleWallet', 'googleWallet', 'signature', 'background', 'share', 'text', 'whatsapp', 'email', 'contact'] as const;
export type ScanSource = (typeof scanSources)[number];
/** A source a channel marks its URL with (a plain link carries no mark). */
export type MarkedScanSource = Exclude<ScanSource, 'link'>;

/**
 * The marks, short so that a QR code stays sparse and an NFC tag's record small. Stable for ever: printed QR codes,
 * written tags and saved passes carry them. `qr` predates the others (issue 11) and is kept, so existing codes count on.
 */
export const scanSourceMarks = {
  qr: 'qr',
  nfc: 'n',
  appleWallet: 'aw',
  googleWallet: 'gw',
  signature: 'es',
  background: 'vb',
  share: 'sh',
  text: 'sms',
  whatsapp: 'wa',
  email: 'em',
  contact: 'vc',
} as const satisfies Record<MarkedScanSource, string>;

/** What the analytics views call each source. */
export const scanSourceLabels = {
  qr: 'QR code',
  link: 'Shared link',
  nfc: 'NFC tag',
  appleWallet: 'Apple Wallet',
  googleWallet: 'Google Wallet',
  signature: 'Email signature',
  background: 'Video background',
  share: 'Share button',
  text: 'Text message',
  whatsapp: 'WhatsApp',
  email: 'Email',
  contact: 'Saved contact',
} as const satisfies Record<ScanSource, string>;

const sourceOfMark = new Map<string, MarkedScanSource>(Object.entries(scanSourceMarks).map(([source, mark]) => [mark, source as MarkedScanSource]));

/**
 * The source a `?s=` mark names. Marks are matched exactly (case too: we write them, so `QR` was typed by someone);
 * an unknown, repeated or missing mark is a link, since a link is what someone shared by hand.
 */
export function scanSourceOfMark(mark: string | undefined): ScanSource {
  return (mark !== undefined && sourceOfMark.get(mark)) || 'link';
}

/** The card URL (which has no query) as a channel shares it: with its source's mark. */
export function markedCardUrl(cardUrl: string, source: MarkedScanSource): string {
  return `${cardUrl}?s=${scanSourceMarks[source]}`;
}

/** The counter attribute a source's scans are added to on the scan counter items (`qrScans`, `nfcScans`, …). */
export function scanSourceCounterOf(source: ScanSource): `${ScanSource}Scans` {
  return `${source}Scans`;
}

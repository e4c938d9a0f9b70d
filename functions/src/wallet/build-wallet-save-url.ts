// 'Add to Google Wallet': a Generic pass for a card, as a signed "Save to Google Wallet" link. The JWT carries the
// pass class and object (no call to Google's API is needed) and is signed RS256 with the issuer's service-account key.
// Signed with Node's crypto (RSASSA-PKCS1-v1_5 with SHA-256 is what RS256 names): a compact JWS is two base64url
// JSON parts and a signature, and a JWT library would add 16 KB to the business Lambda for it. The unit test
// verifies the token with jose.
import { createPrivateKey, sign } from 'node:crypto';
import { markedCardUrl } from '../../../shared/scan-sources';
import type { WalletIssuer } from '../adapters/wallet-issuer';

/** What the pass shows: the public card's fields. */
export interface WalletCard {
  cardId: string;
  businessId: string;
  cardUrl: string;
  name: string;
  jobTitle?: string;
  businessName: string;
  /** https URL of the business logo (Google fetches it); omitted when the business has none or it is not https. */
  logoUrl?: string;
  /** The card's background, `#RRGGBB`. */
  backgroundColor: string;
}

const localized = (value: string) => ({ defaultValue: { language: 'en-US', value } });

/** Google ids allow letters, digits, '.', '_' and '-' after the issuer prefix. */
const walletId = (issuerId: string, suffix: string) => `${issuerId}.${suffix.replace(/[^\w.-]/g, '_')}`;

/** The pass class (one per business) and object (one per card) of a card. */
export function walletPassOf(issuer: WalletIssuer, card: WalletCard) {
  const classId = walletId(issuer.issuerId, `cardcrew-business-${card.businessId}`);
  const fetchable = card.logoUrl?.startsWith('https://') || (issuer.acceptsHttpImages && card.logoUrl?.startsWith('http://'));
  const logo = fetchable ? { logo: { sourceUri: { uri: card.logoUrl }, contentDescription: localized(`${card.businessName} logo`) } } : {};
  return {
    genericClasses: [{ id: classId }],
    genericObjects: [
      {
        id: walletId(issuer.issuerId, `cardcrew-card-${card.cardId}`),
        classId,
        state: 'ACTIVE',
        cardTitle: localized(card.businessName),
        header: localized(card.name),
        ...(card.jobTitle ? { subheader: localized(card.jobTitle) } : {}),
        hexBackgroundColor: card.backgroundColor,
        ...logo,
        // Both carry the Google Wallet mark: a scan of the pass's code and a tap on its link count as Google Wallet scans.
        barcode: { type: 'QR_CODE', value: markedCardUrl(card.cardUrl, 'googleWallet'), alternateText: 'Scan to view business card' },
        linksModuleData: { uris: [{ uri: markedCardUrl(card.cardUrl, 'googleWallet'), description: 'Digital Business Card', id: 'card' }] },
      },
    ],
  };
}

const base64url = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** The "Save to Google Wallet" URL of a card, valid for `origin` (the site the button is on); `saveUrl` is Google's save page or the local stand-in's. */
export function buildWalletSaveUrl(issuer: WalletIssuer, card: WalletCard, origin: string, saveUrl = GOOGLE_SAVE_URL): string {
  const header = base64url({ alg: 'RS256', typ: 'JWT' });
  const claims = base64url({
    iss: issuer.serviceAccountEmail,
    aud: 'google',
    iat: Math.floor(Date.now() / 1000),
    typ: 'savetowallet',
    origins: [origin],
    payload: walletPassOf(issuer, card),
  });
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), createPrivateKey(issuer.privateKey)).toString('base64url');
  return `${saveUrl}${header}.${claims}.${signature}`;
}

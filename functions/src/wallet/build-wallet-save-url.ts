// 'Add to Google Wallet': a Generic pass for a card, as a signed "Save to Google Wallet" link. The JWT carries the
// pass class and object (no call to Google's API is needed) and is signed RS256 with the issuer's service-account key.
import { importPKCS8, SignJWT } from 'jose';
import { qrTargetOf } from '../../../shared/urls';

/** The issuer's Google Wallet credentials (a service account of the Google Cloud project linked to the issuer). */
export interface WalletIssuer {
  issuerId: string;
  serviceAccountEmail: string;
  /** PKCS#8 PEM, as in the service account's JSON key file (`private_key`). */
  privateKey: string;
}

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
  const logo = card.logoUrl?.startsWith('https://') ? { logo: { sourceUri: { uri: card.logoUrl }, contentDescription: localized(`${card.businessName} logo`) } } : {};
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
        barcode: { type: 'QR_CODE', value: qrTargetOf(card.cardUrl), alternateText: 'Scan to view business card' },
        linksModuleData: { uris: [{ uri: card.cardUrl, description: 'Digital Business Card', id: 'card' }] },
      },
    ],
  };
}

/** The "Save to Google Wallet" URL of a card, valid for `origin` (the site the button is on). */
export async function buildWalletSaveUrl(issuer: WalletIssuer, card: WalletCard, origin: string): Promise<string> {
  const key = await importPKCS8(issuer.privateKey, 'RS256');
  const jwt = await new SignJWT({ origins: [origin], typ: 'savetowallet', payload: walletPassOf(issuer, card) })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(issuer.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

// A card as a signed Apple Wallet pass (issue 22 §1): a generic pass built and signed by passkit-generator (it writes
// manifest.json with the SHA-1 of every file and the detached PKCS#7 `signature` over it). Name, title and company
// as fields, the brand colours, the pass images, and a QR code of the card URL marked as an Apple Wallet scan. The
// pass carries the PassKit web service URL and its authentication token so that Wallet fetches updates; an inactive
// card's pass is voided.
import { PKPass } from 'passkit-generator';
import { markedCardUrl } from '../../../shared/scan-sources';
import type { AppleWalletSigner } from '../adapters/apple-wallet-signer';
import { passColoursOf } from './pass-colours';

export interface PassCard {
  cardId: string;
  cardUrl: string;
  name: string;
  jobTitle?: string;
  businessName: string;
  primaryColor?: string;
  secondaryColor?: string;
  accentColor?: string;
  /** The card and its business are active; otherwise the pass is voided. */
  active: boolean;
}

export interface PassService {
  /** `${PUBLIC_ORIGIN}/api/passkit` */
  webServiceURL: string;
  authenticationToken: string;
}

export function buildPass(signer: AppleWalletSigner, card: PassCard, service: PassService, images: Record<string, Buffer>): Buffer {
  const colours = passColoursOf(card);
  const pass = new PKPass(
    images,
    { wwdr: signer.wwdr, signerCert: signer.signerCert, signerKey: signer.signerKey, signerKeyPassphrase: signer.signerKeyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: signer.passTypeIdentifier,
      teamIdentifier: signer.teamIdentifier,
      serialNumber: card.cardId,
      organizationName: card.businessName,
      description: `${card.name}, ${card.businessName}: digital business card`,
      logoText: card.businessName,
      ...colours,
      webServiceURL: service.webServiceURL,
      authenticationToken: service.authenticationToken,
      ...(card.active ? {} : { voided: true }),
    },
  );
  pass.type = 'generic';
  pass.primaryFields.push({ key: 'name', label: 'Name', value: card.name });
  if (card.jobTitle) pass.secondaryFields.push({ key: 'title', label: 'Title', value: card.jobTitle });
  pass.auxiliaryFields.push({ key: 'company', label: 'Company', value: card.businessName });
  const url = markedCardUrl(card.cardUrl, 'appleWallet');
  pass.backFields.push({ key: 'card', label: 'Digital business card', value: url });
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: url, messageEncoding: 'iso-8859-1', altText: 'Scan to view business card' });
  return pass.getAsBuffer();
}

// Save Contact: a public card as a vCard 3.0, with the photo embedded (the public area only: the card page Lambda
// never loads the S3 client).
import { buildVcard } from '../../../shared/vcard';
import { visibleCardExtras } from '../../../shared/card-design';
import { jpegRenditionUrl } from '../../../shared/media-urls';
import { markedCardUrl } from '../../../shared/scan-sources';
import { getMediaObject, mediaKeyOf } from '../adapters/media';
import { cardUrlOf } from '../business/dto';
import type { CardRecord } from '../business/repository';
import { logger } from '../lib/logger';

/**
 * The card as a vCard. The employee's photo (or else the business logo) is embedded as the JPEG rendition stored
 * beside it; an external logo or a missing JPEG leaves the photo out rather than fail the download.
 */
export async function vcardOf(card: CardRecord): Promise<string> {
  const { profile: p, business: b } = card;
  const image = [p.photoUrl, b.logoUrl].map((url) => (url ? jpegRenditionUrl(url) : null)).find(Boolean) ?? null;
  const photoJpegBase64 = image ? await readMediaBase64(image) : null;
  // Exactly the optional fields the card shows.
  const extras = visibleCardExtras(p, b.design?.fields);
  return buildVcard({
    photoJpegBase64,
    name: p.name,
    jobTitle: p.jobTitle,
    organisation: b.name,
    department: p.department,
    email: p.email,
    officePhone: p.officePhone,
    mobilePhone: p.mobilePhone,
    phone: p.phone,
    website: b.website,
    linkedin: p.linkedinProfile,
    photoUrl: p.photoUrl,
    // Marked, so a tap on the link in a saved contact counts as one from the contact.
    cardUrl: markedCardUrl(cardUrlOf(card.cardId, card.qrOrigin), 'contact'),
    pronouns: extras.pronouns,
    note: extras.bio,
    bookingUrl: extras.bookingUrl,
    officeAddress: extras.officeAddress,
    links: extras.extraLinks,
  });
}

async function readMediaBase64(url: string): Promise<string | null> {
  const key = mediaKeyOf(url);
  if (!key) return null;
  try {
    const object = await getMediaObject(key);
    const bytes = await object.Body?.transformToByteArray();
    return bytes ? Buffer.from(bytes).toString('base64') : null;
  } catch (error) {
    logger.warn('vCard photo left out', { key, error: error as Error });
    return null;
  }
}

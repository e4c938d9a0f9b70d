// What a card shows of a person's optional fields: only those its design switches on (the card page and the vCard
// read this one rule, so the vCard carries exactly what the card shows).
import type { CardDesignFields } from './schemas/card-design';
import { isHttpUrl } from './urls';

/** The optional fields as a card copy stores them (absent when empty). */
export interface StoredCardExtras {
  pronouns?: string;
  bio?: string;
  bookingUrl?: string;
  officeAddress?: string;
  extraLinks?: { label: string; url: string }[];
}

/** The optional fields the design shows; links only http(s) (the schema's rule, checked again at the edge). */
export function visibleCardExtras(profile: StoredCardExtras, fields: CardDesignFields | undefined): StoredCardExtras {
  if (!fields) return {};
  const url = (value: string | undefined) => (value && isHttpUrl(value) ? value : undefined);
  const links = fields.links ? (profile.extraLinks ?? []).filter((link) => isHttpUrl(link.url)).slice(0, 5) : [];
  return {
    ...(fields.pronouns && profile.pronouns ? { pronouns: profile.pronouns } : {}),
    ...(fields.bio && profile.bio ? { bio: profile.bio } : {}),
    ...(fields.booking && url(profile.bookingUrl) ? { bookingUrl: profile.bookingUrl } : {}),
    ...(fields.address && profile.officeAddress ? { officeAddress: profile.officeAddress } : {}),
    ...(links.length > 0 ? { extraLinks: links } : {}),
  };
}

/** A map search for an office address (no key, opens the maps app on a phone). */
export function mapLinkOf(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.replace(/\s*\n\s*/g, ', '))}`;
}

// What every mail shares besides its HTML frame (the React Email MailLayout in templates/layout.tsx, compiled into
// templates.generated.ts): escaping, the brand's values for the frame, the sender and the plain-text footer. A
// white-labelled client's mail (issue 21) carries its agency's name and support contacts instead of CardCrew's line.
import type { ClientBrand } from '../agency/brand';
import type { MailScope } from './fill';

/** The layout's brand values: the agency's name, logo and support contacts, or none for CardCrew's own frame. */
export function brandScope(brand: ClientBrand | null): MailScope {
  return {
    brand: brand !== null,
    brandName: brand?.name ?? '',
    brandLogoUrl: httpUrlOrNull(brand?.logoUrl),
    supportEmail: brand?.supportEmail ?? '',
    supportUrl: httpUrlOrNull(brand?.supportUrl),
  };
}

/** A stored URL the frame may link or show (an absolute http(s) URL), else null: a bad logo URL never stops a mail. */
function httpUrlOrNull(url: string | null | undefined): string | null {
  return url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}

/**
 * The sender a white-labelled client's people see: the agency's name, from its own domain once SES verified it (the
 * platform's address until then), and replies go to its support address.
 */
export function senderOf(brand: ClientBrand | null): { fromName?: string; fromDomain?: string; replyTo?: string[] } {
  if (!brand) return {};
  return { fromName: brand.name, ...(brand.senderDomain ? { fromDomain: brand.senderDomain } : {}), replyTo: [brand.supportEmail] };
}

/** The plain-text footer of a white-labelled mail (platform mails have none). */
export function textFooterOf(brand: ClientBrand | null): string[] {
  return brand ? ['', '--', brand.name, brand.supportEmail, ...(brand.supportUrl ? [brand.supportUrl] : [])] : [];
}

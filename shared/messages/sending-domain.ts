// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** An agency's own sending domain (docs/decisions.md "The agency's sending domain"). */
export const sendingDomainMessages = {
  pending: 'Create the three CNAME records below at your DNS provider. Amazon SES checks them on its own; it can take up to 72 hours. Until then mails go from the platform’s address with your name.',
  temporaryFailure: 'Amazon SES could not read the DKIM records just now and will try again. Check that the three CNAME records below exist.',
  failed: 'Amazon SES could not find the DKIM records within 72 hours. Remove the domain, create the records and add it again.',
  verified: (address: string) => `Verified. Mails to your clients’ people go from ${address}.`,
  taken: 'This domain is already used by another account.',
  onePerAgency: 'Your agency already has a sending domain. Remove it before adding another.',
  agencyNotFound: 'Agency not found.',
  notFound: 'Your agency has no sending domain.',
  added: (domain: string) => `${domain} added. Create the DNS records shown to verify it.`,
  addFailed: 'Failed to add the sending domain. Please try again.',
  removed: (domain: string) => `${domain} removed. Mails go from the platform’s address with your name again.`,
  removeFailed: 'Failed to remove the sending domain. Please try again.',
  removeWarning: (domain: string) => `Mails to your clients’ people will go from the platform’s address with your agency’s name instead of ${domain}. You can add it again later.`,
  loadFailed: 'Could not load your sending domain.',
} as const;

// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Issue 21 §2: an agency's own domain for its clients' card pages (docs/decisions.md "Custom domains (issue 21 §2)"). */
export const customDomainMessages = {
  domainRequired: 'Enter a domain, such as cards.youragency.com',
  domainTooLong: 'A domain has at most 253 characters',
  labelTooLong: 'Each part of a domain between dots has at most 63 characters',
  twoLabels: 'Enter a full domain with at least one dot, such as cards.youragency.com',
  lowerCase: 'Use lower-case letters only',
  noWildcard: 'Wildcard domains (*) are not supported: enter one domain, such as cards.youragency.com',
  noIpAddress: 'Enter a domain name, not an IP address',
  invalidDomain: 'Use letters, digits, dots and hyphens only (no hyphen at the start or end of a part)',
  platformDomain: "This is the platform's own domain: enter a domain your agency controls",
  taken: 'This domain is already connected to another account.',
  tooMany: (max: number) => `An agency can have ${max} custom domains. Remove one before adding another.`,
  agencyNotFound: 'Agency not found.',
  domainNotFound: 'Domain not found.',
  pendingDns: (target: string) => `Create the CNAME record below at your DNS provider, pointing to ${target}. Changes can take up to an hour to be seen.`,
  issuing: 'DNS is set up. CloudFront is issuing the certificate; this usually takes a few minutes.',
  failed: (status: string) => `The certificate could not be issued (${status}). Remove the domain, check the DNS record and add it again.`,
  notConfigured: 'Custom domains are not available on this site.',
  added: (domain: string) => `${domain} added. Create the DNS record shown to connect it.`,
  addFailed: 'Failed to add the domain. Please try again.',
  removed: (domain: string, count: number) => `${domain} removed. ${count === 1 ? '1 card now uses' : `${count} cards now use`} the platform link in its QR code.`,
  removeFailed: 'Failed to remove the domain. Please try again.',
  removeWarning: (count: number, domain: string) =>
    count === 0
      ? `No card's QR code points at ${domain}. Card links go back to the platform address.`
      : `${count === 1 ? '1 card has a QR code' : `${count} cards have QR codes`} pointing at ${domain}. ${count === 1 ? 'It gets a new QR code' : 'They get new QR codes'} with the platform link, and printed copies of the old ${count === 1 ? 'one' : 'ones'} stop working.`,
  loadFailed: 'Could not load your custom domain.',
  /** Move QR codes (an active domain): cards whose QR codes still encode the platform's address. */
  platformQrCards: (count: number) => `${count === 1 ? '1 card still uses' : `${count} cards still use`} the platform address in ${count === 1 ? 'its QR code' : 'their QR codes'}.`,
  moveTitle: (domain: string) => `Move QR codes to ${domain}?`,
  moveConfirm: (count: number, domain: string) =>
    `${count === 1 ? '1 card gets a new QR code' : `${count} cards get new QR codes`} that open ${domain}. The platform address keeps working, so printed copies of the old ${count === 1 ? 'one' : 'ones'} still open the card.`,
  moved: (domain: string, count: number) => `${count === 1 ? '1 card now uses' : `${count} cards now use`} ${domain} in ${count === 1 ? 'its QR code' : 'their QR codes'}.`,
  moveFailed: 'Failed to move the QR codes. Please try again.',
  moveNotActive: 'QR codes can move to the domain once it is active.',
  /** A person of another business (or agency) signing in on an agency's domain (docs/decisions.md "The agency's domain"). */
  notThisSite: 'This account does not belong to this site. Sign in on the platform’s own address instead.',
  /** A Google or SSO sign-in came back naming no active custom domain (a forged or stale link). */
  /** The domain's /auth/callback: a return it did not start (a reload, a second tab), or the sign-in service down. */
  signInNotStartedHere: 'This sign-in was not started on this page, or it was already used. Sign in again.',
  signInUnreachable: 'The sign-in service could not be reached. Please try again.',
  unknownSignInSite: 'This sign-in did not start on a site we know. Go back to your sign-in page and try again.',
} as const;

// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** Company Settings → Single sign-on and 'Sign in with SSO' (issue 24). */
export const ssoMessages = {
  domainRequired: 'Enter the e-mail domain your staff sign in with, for example acme.com',
  domainInvalid: 'Enter a domain such as acme.com (lower-case letters, digits and hyphens; no @, no spaces)',
  domainTooLong: 'A single sign-on domain has at most 40 characters (the limit of Cognito, which signs your staff in)',
  publicMailDomain: 'This is a public e-mail domain; single sign-on needs a domain your organisation owns',
  domainClaimedHere: 'This business has already claimed this domain.',
  tooManyDomains: 'A business can claim at most ten domains.',
  domainNotFound: 'This domain is not claimed by this business.',
  /** At 'Check', once the TXT record proves the domain: another business proved it first (support can release it). */
  domainVerifiedElsewhere: 'Another CardCrew business has already verified this domain. If your organisation owns it, contact CardCrew support to have that claim released.',
  domainExpires: (date: string) => `Expires ${date} unless verified`,
  claimNotFound: 'This business has no claim of this domain.',
  claimReleased: 'Claim released.',
  dnsRecordMissing: 'The TXT record was not found yet. DNS changes can take a few minutes to appear; try again shortly.',
  dnsLookupFailed: 'The DNS lookup failed. Please try again in a few minutes.',
  providerTypeRequired: 'Choose SAML 2.0 or OpenID Connect',
  samlFieldsOnly: 'A SAML connection takes metadata only (no issuer, client ID or secret)',
  oidcFieldsOnly: 'An OpenID Connect connection takes no SAML metadata',
  metadataRequired: 'Give the metadata URL or upload the metadata XML file',
  metadataUrlInvalid: 'Enter the https:// URL of the identity provider’s SAML metadata',
  metadataTooLarge: 'The metadata is larger than 256 KB',
  metadataUnreadable: 'The metadata could not be fetched from this URL',
  metadataInvalid: 'This is not SAML 2.0 identity provider metadata',
  metadataNoEntityId: 'The metadata has no entity ID (EntityDescriptor entityID)',
  metadataNoSignInUrl: 'The metadata has no sign-in URL (IDPSSODescriptor SingleSignOnService)',
  metadataNoCertificate: 'The metadata has no signing certificate (KeyDescriptor X509Certificate)',
  issuerInvalid: 'Enter the https:// issuer URL of the OpenID Connect provider',
  issuerNoDiscovery: 'No OpenID Connect discovery document was found at this issuer (/.well-known/openid-configuration)',
  issuerMismatch: 'The discovery document names a different issuer',
  clientIdRequired: 'Enter the client ID',
  // The client check before an OIDC connection is saved (a token request the provider must answer invalid_grant).
  oidcClientRefused: 'The identity provider refused the client ID or client secret. Copy both again from the app registration in your identity provider, then save.',
  oidcClientNotAllowed: 'The identity provider does not let this client sign people in with an authorization code. Allow the authorization code grant for the app, then save.',
  oidcTokenEndpointUnreachable: 'The identity provider’s token endpoint could not be reached, so the client secret could not be checked. Nothing was saved; try again in a moment.',
  oidcCheckUnexpected: (answer: string) => `The identity provider answered the client check with “${answer}” instead of accepting the client. Nothing was saved; check the app registration.`,
  clientSecretRequired: 'Enter the client secret',
  providerNotConnected: 'No identity provider is connected.',
  identityProviderRefused: 'Cognito refused the identity provider configuration',
  busy: 'Another single sign-on change is being saved. Please try again in a moment.',
  settingBoolean: 'Choose on or off',
  emailRequired: 'Enter your work e-mail address',
  emailInvalid: 'Enter a valid e-mail address',
  noSsoForDomain: 'Single sign-on is not set up for this e-mail domain. Sign in with your password or Google instead.',
  /** During a move to another IdP the company has two: the person picks theirs. */
  chooseProvider: 'Your company is moving to a new identity provider. Choose the one you sign in with.',
  continueWith: (label: string) => `Continue with ${label}`,
  keepCurrentProvider: 'Keep the current provider signing people in while they move (save again without this to remove it and its sign-ins)',
  previousProviderKept: (kind: string, id: string) => `Also signing people in during the move: ${kind}${id ? ` (${id})` : ''}`,
  signInFailed: 'SSO sign-in failed',
  // Pre-sign-up / pre-authentication refusals (they reach /auth through the hosted UI's error_description).
  outsideDomains: 'Your e-mail address is not in a domain this business verified for single sign-on.',
  noEmployee: 'There is no employee with your e-mail address in this business. Ask your administrator to add you.',
  ssoRequired: 'Your company requires single sign-on. Use "Sign in with SSO" with your work e-mail.',
  // Settings UI
  sectionTitle: 'Single sign-on',
  domainClaimed: 'Domain claimed. Create the TXT record, then press Check.',
  domainVerified: 'Domain verified.',
  domainRemoved: 'Domain removed.',
  providerSaved: 'Identity provider connected.',
  providerRemoved: 'Identity provider disconnected.',
  disconnectDescription: 'Your staff can no longer sign in with single sign-on until you connect a provider again.',
  /** Disconnecting switches 'Require SSO' off: with no provider it would refuse every employee. */
  disconnectTurnsOffRequireSso: 'Require SSO is switched off, so employees can sign in with a password or Google again.',
  settingsSaved: 'Single sign-on settings saved.',
  saveFailed: 'Failed to save. Please try again.',
  // 'Require SSO' only after a successful 'Test sign-in' through the current provider, with a confirmation.
  requireSsoNeedsTest: 'Require SSO can be switched on only after a successful Test sign-in through the current identity provider.',
  requireSsoTestFirst: 'Run Test sign-in through the current identity provider first; Require SSO can be switched on once a test has succeeded.',
  requireSsoTested: (when: string) => `Last successful test sign-in: ${when}.`,
  requireSsoConfirmTitle: 'Require single sign-on?',
  requireSsoConfirmDescription: (business: string) =>
    `Employees of ${business} will be refused when they sign in with a password or Google, and must use “Sign in with SSO” with their work e-mail. You, the owner, keep your password sign-in.`,
  requireSsoConfirm: 'Require SSO',
  testSignInNotConfirmed: 'The test sign-in could not be confirmed. Start Test sign-in again from Company Settings.',
  testSignInOtherProvider: 'This test sign-in did not go through the business’s current identity provider. Start Test sign-in again from Company Settings.',
  ownerKeepsPassword: 'You, the owner, keep your password sign-in, so a broken identity provider cannot lock the business out.',
} as const;

/** 'Test sign-in' (issue 24): the page the owner's test comes back to. */
export const ssoTestMessages = {
  pageTitle: 'Single sign-on test',
  checking: 'Checking the sign-in…',
  succeeded: 'Test sign-in succeeded',
  succeededDescription: 'Your identity provider signed this person in. Nothing was kept: you are still signed in as yourself.',
  failedDescription: 'Your identity provider or Cognito refused the sign-in. Nothing was kept.',
  emailLabel: 'E-mail',
  nameLabel: 'Name',
  notSent: 'not sent',
  unknownTest: 'This page was not opened by a test sign-in from Company Settings, or the test was already used. Start it again.',
  tokenUnreachable: 'The sign-in service could not be reached to finish the test.',
  tokenRefused: 'The sign-in service refused the code',
  closeHint: 'You can close this tab.',
  recorded: 'The test is recorded: Require SSO can now be switched on in Company Settings.',
  notRecorded: 'The sign-in worked, but the test could not be recorded',
} as const;

/** The admin portal's SSO domain claims tab: every business's claims, and releasing one. */
export const ssoClaimMessages = {
  tabTitle: 'SSO Domain Claims',
  intro: 'Every business’s claims of e-mail domains for single sign-on. A pending claim expires after 7 days; release a claim that keeps a domain from the business that owns it.',
  searchLabel: 'Domain starts with',
  loadFailed: 'Could not load the domain claims. Please try again.',
  none: 'No domain claims match.',
  deletedBusiness: 'Deleted business',
  release: 'Release',
  releaseLabel: (domain: string, business: string) => `Release ${domain} from ${business}`,
  releaseTitle: 'Release this domain claim?',
  releaseDescription: (domain: string, business: string, verified: boolean) =>
    verified
      ? `${business} will no longer hold ${domain}: its identity provider stops signing in people of this domain, and the business that owns the domain can verify it. This cannot be undone.`
      : `${business}’s pending claim of ${domain} is deleted. This cannot be undone.`,
  releasing: 'Releasing...',
  released: (domain: string) => `The claim of ${domain} has been released.`,
  releaseFailed: 'Failed to release the claim. Please try again.',
} as const;

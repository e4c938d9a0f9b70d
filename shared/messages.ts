// User-facing copy with the spec's exact wording (spec 1 §8, spec 2 §8). Import from here; never retype.
// A toast with a title and a description keeps them as `<name>Title` and `<name>`.
const qrFailed = (reason: string) => `Failed to generate QR code: ${reason}`;

export const messages = {
  businessForm: {
    nameRequired: 'Company name is required',
    cityRequired: 'City is required',
    countryRequired: 'Country is required',
    postalCodeRequired: 'Postal code is required',
    validEmail: 'Valid email is required',
    validUrl: 'Please enter a valid URL',
    emailTakenTitle: 'Email Already in Use',
    emailTaken: 'A business with this billing email already exists. Please use a different email address.',
    checkFailed: 'Failed to check existing business. Please try again.',
    saveFailed: 'Failed to save your business information. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
    saved: 'Your business information has been saved successfully.',
  },
  settings: {
    hexColor: 'Must be a valid hex color',
    /** Issue 8: two settings saves at once. */
    changedMeanwhile: 'These settings were changed by someone else. Reload and try again.',
  },
  employee: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    validEmail: 'Please enter a valid email address',
    updateFailed: 'Failed to update employee profile. Please try again.',
    createCardFailed: 'Failed to create business card.',
    cardCreated: 'Business card created with QR code!',
    qrGenerated: 'QR Code Generated',
    qrFailed,
    // Spec 2 §8, the Employee Profile dialog's save.
    errorTitle: 'Error',
    authErrorTitle: 'Authentication Error',
    mustBeLoggedIn: 'You must be logged in to update employee information. Please refresh and try again.',
    updateFailedTitle: 'Update Failed',
    /** The spec shows the error code beside this text; the caller appends it where it has one. */
    databaseError: (message: string) => `Database error: ${message}`,
    deleteTitle: 'Delete Employee',
    deleteCardsFailed: 'Failed to delete employee business cards.',
    deleteFailed: 'Failed to delete employee.',
    deleteUnexpected: 'An unexpected error occurred while deleting the employee.',
    deleted: (name: string) => `${name} has been deleted successfully`,
    /** One employee per email in a business (issue 13). */
    emailTaken: 'An employee with this email already exists in this business.',
    // Issue 8: rules the spec states without wording.
    changedMeanwhile: 'This employee was changed by someone else. Reload and try again.',
    cardExists: 'This employee already has a business card.',
    deleteOnlyInactive: 'Only inactive employees can be deleted. Set the status to Inactive first.',
    deleteNotOwner: 'Owners cannot be deleted. Change the role to Employee first.',
    ownerStaysOwner: 'The business owner’s own profile keeps the Owner role.',
  },
  auth: {
    fillAllFields: 'Please fill in all fields',
    authError: 'Authentication Error',
    unexpected: 'An unexpected error occurred',
    signedIn: 'Successfully signed in',
    signedOut: 'Successfully signed out',
    checkEmail: 'Please check your email to confirm your account.',
    businessHelper: 'Create and manage digital business cards for your company.',
    agencyHelper: 'Manage multiple business clients and their digital business cards.',
    /** The title of the empty-fields, unexpected-error and sign-out-failure toasts. */
    errorTitle: 'Error',
    /** The pre-sign-up trigger's refusal of a password sign-up for an e-mail that already signs in with Google. */
    signsInWithGoogle: 'An account with this email already exists. Please use Continue with Google.',
  },
  card: {
    notFoundTitle: 'Card Not Found',
    notFound: 'Business card not found',
    notAvailable: 'This business card is not available',
    loadFailed: 'Failed to load business card',
  },
  /** Leavers (issue 23 §2): the card page of someone who left, the deactivate dialog, the portal's refusal. */
  leavers: {
    goneTitle: 'No longer with the company',
    gone: (name: string, company: string) => `${name} is no longer with ${company}`,
    successorLead: 'Please get in touch with',
    successorCard: (name: string) => `${name}’s card`,
    companyLead: (company: string) => `Please get in touch with ${company}:`,
    portalClosed: 'Your access to this company’s employee portal has ended because your profile is no longer active. Please contact your company’s administrator.',
    portalClosedTitle: 'Access Ended',
    creatorStays: 'The person who created the business cannot be deactivated.',
    successorNotActive: 'Pick a colleague whose card is active.',
    leadsToNotActive: 'Pick an active person of this business to receive the leads.',
    notInactive: 'This employee is active.',
    dialogTitle: (name: string) => `Deactivate ${name}`,
    dialogIntro: 'This is what will happen when you deactivate them:',
    cardWillSay: (name: string, company: string) => `Their card page will say “${name} is no longer with ${company}” and point visitors on to:`,
    noSuccessor: 'The company’s website and phone',
    leadsWillMove: (count: number) => (count === 1 ? 'Their 1 lead goes to:' : `Their ${count} leads go to:`),
    noLeads: 'They have no leads to hand over.',
    signedOut: 'They are signed out everywhere at once and lose access to the employee portal.',
    walletVoided: 'Their wallet passes are voided.',
    confirm: 'Deactivate',
    deactivated: (name: string) => `${name} has been deactivated`,
    deactivateFailed: 'Failed to deactivate the employee. Please try again.',
    reactivated: (name: string) => `${name} has been reactivated`,
    reassignedFrom: (name: string) => `From ${name}’s card`,
  },
  /** The one text rule of every typed field (shared/schemas/common.ts). */
  text: {
    controlCharacter: 'Must not contain control characters',
    directionControl: 'Must not contain text-direction control characters',
    singleLine: 'Must be a single line',
    invalidCharacter: 'Contains a character that is not valid text',
  },
  generic: {
    internal: 'Something went wrong on our side. Please try again.',
    unauthenticated: 'Please sign in and try again.',
    forbidden: "You don't have permission to do that.",
    notFound: 'Not found.',
    malformedJson: 'The request body is not valid JSON.',
    payloadTooLarge: 'The request body is too large.',
    rateLimited: 'Too many requests. Please wait a moment and try again.',
    unsupportedMediaType: 'The request body must be JSON (Content-Type: application/json).',
    sessionEnded: 'Your session has ended. Please sign in again.',
    duplicateJsonKey: 'The request body names the same field twice.',
    invalidPathParameter: 'The address names something that cannot exist.',
    invalidQuery: 'The query parameters are not valid.',
    cannotOwnBusiness: 'This account cannot set up a business. Sign up with a Business Owner account to create one.',
  },
  /** Company Settings → Directory sync (issue 23 §1): SCIM tokens and the SCIM service's refusals. */
  directorySync: {
    tokenNameRequired: 'Token name is required',
    sendInvitationsBoolean: 'Send invitations must be on or off',
    tooManyTokens: 'A business can have at most five active SCIM tokens. Revoke one before creating another.',
    tokenNotFound: 'This token does not exist or was already revoked.',
    tokenCreatedTitle: 'Token created',
    tokenCreated: 'Copy it now: it will not be shown again.',
    tokenRevokedTitle: 'Token revoked',
    tokenRevoked: 'Okta or Entra ID can no longer sync with it.',
    settingsSaved: 'Directory sync settings saved.',
    saveFailed: 'Failed to save directory sync settings. Please try again.',
    createFailed: 'Failed to create the token. Please try again.',
    revokeFailed: 'Failed to revoke the token. Please try again.',
    scimUnauthorized: 'A valid SCIM bearer token is required.',
    scimRateLimited: 'Too many requests for this token. Please slow down and retry.',
    scimOwnerProtected: "The business owner's profile cannot be deactivated or deleted through directory sync.",
  },
  /** The invitation link and the owner's Send Invite button (spec 1 §2, spec 2 §8). */
  invitation: {
    invalidTitle: 'Invalid Invitation',
    invalid: 'This invitation link is invalid or has expired.',
    sentTitle: 'Invitation Sent',
    sendFailed: 'Failed to send invitation email.',
    /** Issue 8: an employee whose account is linked needs no invitation. */
    alreadyJoined: 'This employee has already joined with their own account.',
  },
  /** Employee onboarding page (spec 1 §5, §8). */
  onboarding: {
    loadFailed: 'Could not load employee information.',
    fillRequired: 'Please fill in all required fields.',
    emailMismatch: 'Email must match the employee record. Please use your company email.',
    passwordsMismatch: 'Passwords do not match.',
    passwordTooShort: 'Password must be at least 6 characters long.',
    accountExistsTitle: 'Account exists',
    accountExists: 'An account with this email already exists. Please sign in instead.',
    invalidCredentialsTitle: 'Invalid credentials',
    invalidCredentials: 'Please check your email and password, or try creating an account first.',
    /** Shown with the server's message as the description. */
    authFailedTitle: 'Authentication failed',
    authFailed: 'Authentication failed. Please try again.',
    alreadyLinked: 'This account is already associated with a different employee profile.',
    linkFailed: 'Failed to link account to company. Please try again.',
    createRoleFailed: 'Failed to create user role. Please try again.',
    setupFailed: 'Failed to set up user account. Please try again.',
    employeeDataMissing: 'Employee data not found. Please refresh and try again.',
    signInAgain: 'Please sign in and try again.',
    notLinked: 'Account not properly linked. Please refresh and try again.',
    permissionDenied: "Permission denied. Please ensure you're properly authenticated.",
    updateFailed: 'Failed to update your profile. Please try again.',
    googleFailed: 'Google authentication failed. Please try again.',
    googlePending: 'Please complete the Google sign-in process.',
    accountCreated: 'Account created successfully!',
    signedIn: 'Signed in successfully!',
    profileUpdated: 'Your profile has been updated successfully!',
    cardDownloaded: 'Business card downloaded successfully!',
  },
  /** Employee portal (spec 1 §2, §8). */
  portal: {
    loadFailed: 'Could not load your profile information.',
    profileNotFoundTitle: 'Profile Not Found',
    generateCardFailed: 'Failed to generate digital card.',
    walletPassFailed: 'Failed to generate Google Wallet pass. Please try again.',
    walletAddFailed: 'Failed to add to Google Wallet. Please try again.',
    qrFailed,
    qrGenerated: 'QR code generated successfully!',
    /** Issue 22 §6: 'Write to NFC tag' (Web NFC, Chrome on Android); decisions in docs/decisions.md. */
    nfc: {
      unsupported:
        'Writing NFC tags works in Chrome on Android phones with NFC. This browser cannot write them: open the Employee Portal in Chrome on an Android phone to write a tag. Once written, a tap with an iPhone or an Android phone opens your card.',
      waiting: 'Hold the back of your phone against the NFC tag and keep it still.',
      written: 'Your card was written to the tag. Tapping the tag with a phone now opens your card.',
      permissionDenied: 'NFC permission was denied. Allow NFC for this site in Chrome’s site settings, then try again.',
      cancelled: 'Writing was cancelled. Nothing was written to the tag.',
      noTag: 'No NFC tag could be written. Check that NFC is turned on in your phone’s settings and that the tag can hold a link (NDEF), then try again.',
      tagMoved: 'The tag moved away before your card was written. Hold the phone still against the tag and try again.',
      failed: 'The tag could not be written. Please try again.',
    },
    /** 'Virtual Background' (issue 22 §4). */
    background: {
      mirrored:
        'Your own preview in Zoom, Teams or Meet may show the background mirrored, with the text and QR code back to front. That is only your self-view: everyone else in the call sees it the right way round, and their phones can scan the code.',
      mirrorSettings:
        'To see it the right way round yourself: in Zoom, Settings → Video → clear “Mirror my video”; in Microsoft Teams, Settings → Devices → turn off “Mirror my video”. In Google Meet, too, only your own preview is mirrored.',
      howToUse: 'Add the downloaded image as a virtual background (or “background effect”) in your video app’s settings.',
      downloaded: 'Your virtual background was downloaded.',
      failed: 'The virtual background could not be created. Please try again.',
      previewsFailed: 'The previews could not be drawn. You can still download a background.',
    },
  },
  /** Public invoice payment page (spec 1 §2, §8). */
  invoicePayment: {
    loadFailed: 'Failed to load invoice',
    paymentFailed: 'Failed to process payment',
    notFoundTitle: 'Invoice Not Found',
    paid: 'This invoice has been paid',
  },
  /** Company Settings dialog save (spec 2 §8). */
  company: {
    permissionDenied: "You don't have permission to update this business",
    invalidData: 'Invalid data format. Please check your inputs.',
    updateFailed: (message: string) => `Update failed: ${message}`,
    updateFailedGeneric: 'Failed to update company settings. Please try again.',
    settingsUpdated: 'Settings updated',
  },
  /** Agency Settings dialog and Add Client modal (spec 2 §5, §8). */
  agency: {
    nameRequired: 'Agency name is required',
    businessNameRequired: 'Business name is required',
    permissionDenied: "You don't have permission to update this agency",
    invalidData: 'Invalid data format. Please check your inputs.',
    updateFailed: (message: string) => `Update failed: ${message}`,
    updateFailedGeneric: 'Failed to update agency settings. Please try again.',
    addClientFailed: 'Failed to add client. Please try again.',
    clientAdded: 'Client business added successfully!',
    /** Issue 9: decisions beyond the spec (docs/decisions.md). */
    notAnAgency: 'Only agency accounts have an agency dashboard.',
    setUpFirst: 'Save your agency settings before adding clients.',
    /** Issue 21: white-label. */
    supportEmailRequired: 'A support email is required for white-label: your clients reply to it',
    /** Per-client white-label (issue 21 §1). */
    faviconFromLogo: 'Your clients’ browser tabs show this icon, made from your logo. Upload a square image to use another.',
    faviconOwn: 'Your clients’ browser tabs show this square icon.',
    clientWhiteLabelInvalid: 'White-label must be agency, on or off',
    clientWhiteLabelNeedsSupport: 'Add a support email in Agency Settings before turning white-label on for a client',
    clientWhiteLabelFollow: (on: boolean) => `Follow agency setting (${on ? 'on' : 'off'})`,
    clientWhiteLabelOn: 'On for this client',
    clientWhiteLabelOff: 'Off for this client',
    clientWhiteLabelSaved: (client: string, branded: boolean) => (branded ? `${client} now shows your brand` : `${client} now shows CardCrew's brand`),
    clientWhiteLabelOtherAgency: (client: string) => `${client} shows another agency's brand: it keeps it until that agency turns white-label off`,
    clientWhiteLabelSaveFailed: 'Could not change white-label for this client. Please try again.',
  },
  /** Issue 20: an agency's consolidated billing (docs/decisions.md). */
  agencyBilling: {
    notAClient: 'This business is not managed by an agency.',
    billedToAgency: 'Billed to your agency',
    billedDirect: 'Billed directly',
    savedToAgency: (client: string) => `${client} is now billed to your agency from the next monthly invoice.`,
    savedDirect: (client: string) => `${client} is now billed directly from the next monthly invoice.`,
    billedToNamed: (agency: string) => `Billed to ${agency}`,
    savedToNamed: (client: string, agency: string) => `${client} is now billed to ${agency} from the next monthly invoice.`,
    saveFailed: 'Failed to change who pays for this client. Please try again.',
    fetchFailed: 'Failed to load your invoices. Please try again.',
  },
  /** Contact exchange on the card page (issue 11 §3; our wording, the specs have none). */
  contactExchange: {
    title: (firstName: string) => `Share your details with ${firstName}`,
    consent: (fullName: string, businessName: string) => `I agree that ${fullName} of ${businessName} receives these details to get back to me.`,
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    consentRequired: 'Please tick the box to agree that your details are shared',
    thanksTitle: 'Thank you!',
    thanks: (firstName: string) => `Your details have been sent to ${firstName}.`,
    problemTitle: 'Please check your details',
  },
  /** Logo and photo uploads (spec 2 §5, §8; spec 1 §5). */
  upload: {
    invalidTypeTitle: 'Invalid file type',
    /**
     * The spec says 'Please select a JPG or PNG image file.' but the server takes WebP and GIF as well (what
     * uploadContentTypes and sniffImageType accept); the message names all four (docs/decisions.md, issue 27 §3).
     */
    invalidType: 'Please select a JPG, PNG, WebP or GIF image file.',
    /** Under every image field: the same formats and limit the refusals name. */
    hint: 'JPG, PNG, WebP or GIF, up to 5 MB.',
    tooLargeTitle: 'File too large',
    tooLarge: 'Please select an image smaller than 5MB.',
    /** A file within 5 MB that decodes to more pixels than the server will process (MAX_INPUT_PIXELS). */
    tooManyPixelsTitle: 'Image too large',
    tooManyPixels: 'This image is too large: at most 40 megapixels.',
    failedTitle: 'Upload failed',
    logoFailed: 'Failed to upload logo. Please try again.',
    logoUploaded: 'Logo uploaded',
    faviconUploaded: 'Favicon uploaded',
  },
  /** Admin portal: businesses, admin users and plans (spec 2 §2, §5, §8). Failure toasts are titled `errorTitle`. */
  admin: {
    errorTitle: 'Error',
    fetchBusinessesFailed: 'Failed to fetch businesses',
    businessStatusFailed: 'Failed to update business status',
    deleteBusinessFailed: 'Failed to delete business',
    businessStatusUpdated: (isActive: boolean) => `Business ${isActive ? 'activated' : 'deactivated'} successfully`,
    fetchAdminsFailed: 'Failed to fetch admin users',
    inviteEmailInvalid: 'Please enter a valid email address',
    inviteFailed: 'Failed to invite admin user',
    adminInvited: (email: string) => `Admin invitation sent to ${email}`,
    removeFailed: 'Failed to remove admin access',
    adminRemoved: (email: string) => `Admin access removed for ${email}`,
    removeAdminTitle: 'Remove Admin Access',
    removeAdminConfirm: (email: string) =>
      `Are you sure you want to remove admin access for ${email}? This action cannot be undone and they will lose all admin privileges.`,
    fetchPlansFailed: 'Failed to fetch pricing plans',
    updatePlanFailed: 'Failed to update plan',
    planUpdated: 'Plan updated successfully',
    /** Issue 10: decisions beyond the spec (docs/decisions.md). */
    cannotRemoveSelf: 'You cannot remove your own admin access. Ask another admin.',
    cannotRemoveLast: 'The last admin cannot be removed.',
  },
  /** Admin Billing & Invoices tab (spec 2 §4, §8). */
  invoice: {
    fetchFailed: 'Failed to fetch invoices',
    createFailed: 'Failed to create invoice',
    createdEmailFailed: 'Invoice created successfully, but email notification failed to send',
    createdAndSent: 'Invoice created and email sent to the billing email or business owner',
    createdNoEmail: 'Invoice created successfully (no email address available)',
    generateFailed: 'Failed to generate monthly invoices',
    generated: (count: number) => `Generated ${count} monthly invoices`,
    /** Issue 20 §3: Generate monthly invoices starts a billing run; its progress shows under Billing runs. */
    runStarted: (period: string) => `Billing run started for ${period}. Its progress is shown under Billing runs.`,
    statusFailed: 'Failed to update invoice status',
    statusUpdated: 'Invoice status updated successfully',
    deleteFailed: 'Failed to delete invoice',
    deleted: 'Invoice deleted successfully',
    paymentFailed: 'Failed to process payment',
    paymentInitiated: 'Payment Initiated',
    verifyFailed: 'Failed to verify payment',
    paymentVerified: 'Payment Verified',
    paymentCancelledTitle: 'Payment Cancelled',
    paymentCancelled: 'Payment was cancelled by the user',
    /** Issue 26 §1 (no spec wording): Stripe took the payment but the invoice could no longer take it. */
    paymentUnapplied: 'We received your payment, but this invoice could no longer be paid. The payment will be refunded.',
    unappliedFetchFailed: 'Failed to load unapplied payments',
    refunded: 'Payment refunded',
    refundFailed: 'Failed to refund payment',
  },
  /** Import employees from a CSV file (issue 11 §1; no spec wording). */
  employeeImport: {
    tooLarge: 'This file is larger than 2 MB. Split it into smaller files and import them one by one.',
    tooManyRows: 'This file has more than 5,000 employees. Split it into files of up to 5,000 rows.',
    notText: 'This file is not a CSV text file. Export your spreadsheet as CSV (UTF-8) and try again.',
    empty: 'This file has no employees in it.',
    missingColumns: 'The file needs a "Name" and an "Email" column. Download the template to see every column.',
    malformed: (line: number) => `Line ${line} is not valid CSV (check its quotes).`,
    /** A line of the file that cannot be read, shown against its line number; the other rows are imported. */
    badQuotes: 'Not valid CSV (check its quotes): a cell with a quote in it must start and end with a quote, and each quote inside it must be doubled.',
    duplicate: 'This email appears earlier in the file.',
    exists: 'An employee with this email already exists.',
    invalidStatus: 'Status must be Draft, Active or Inactive',
    failed: 'This row could not be saved. Please try again.',
    /** A cell's line breaks (Excel's Alt+Enter) joined with spaces: employee fields are single lines. */
    lineBreaksJoined: 'line breaks joined',
  },
  /** E-mail signature (issue 22 §3): the signature's own words, the portal section and Company Settings. */
  emailSignature: {
    viewCard: 'View my digital card',
    emailLabel: 'Email',
    officeLabel: 'Office',
    mobileLabel: 'Mobile',
    phoneLabel: 'Phone',
    photoAlt: (name: string) => `Photo of ${name}`,
    logoAlt: (company: string) => `${company} logo`,
    qrAlt: 'QR code: scan to open my digital card',
    copied: 'Signature copied',
    copiedDescription: 'Paste it into your e-mail program’s signature settings.',
    copyFailed: 'The signature could not be copied. Use Download .htm, or select the preview and copy it.',
    downloaded: 'Signature downloaded',
    loadFailed: 'Could not load your e-mail signature.',
    noCard: 'An e-mail signature needs a digital card first.',
    /** Where each mail program takes a pasted signature. */
    howTo: {
      gmail: 'Settings → See all settings → General → Signature: Create new, paste (Ctrl+V or ⌘V), then Save Changes at the bottom of the page.',
      outlookWeb: 'Settings → Mail → Compose and reply → Email signature: paste it into the box, then Save.',
      outlookDesktop:
        'File → Options → Mail → Signatures… → New: paste it into the editor and press OK. Or save the downloaded .htm file in %APPDATA%\\Microsoft\\Signatures and choose it there.',
      appleMail: 'Mail → Settings → Signatures: add a signature, untick “Always match my default message font”, then paste it.',
    },
  },
  /** Issue 21 §2: an agency's own domain for its clients' card pages (docs/decisions.md "Custom domains (issue 21 §2)"). */
  customDomains: {
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
  },
  /** Issue 22 §1: 'Add to Apple Wallet' (docs/decisions.md "Apple Wallet (issue 22 §1)"). */
  appleWallet: {
    addFailed: 'Failed to add to Apple Wallet. Please try again.',
    notAvailable: 'Apple Wallet is not available for this site.',
    linkForged: 'This Apple Wallet link is not valid. Use Add to Apple Wallet again.',
    linkExpired: 'This Apple Wallet link has expired. Use Add to Apple Wallet again.',
  },
  /** Issue 23 §3: the Activity section (the audit log; docs/decisions.md "Audit log (issue 23 §3)"). */
  activity: {
    invalidDay: 'Enter a date as YYYY-MM-DD',
    invalidAction: 'Choose an action from the list',
    rangeReversed: 'The start date must be on or before the end date',
    loadFailed: 'Could not load the activity. Please try again.',
    empty: 'No activity matches these filters.',
    exportFailed: 'Could not export the activity. Please try again.',
  },
} as const;

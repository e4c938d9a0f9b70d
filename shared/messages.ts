// User-facing copy with the spec's exact wording (spec 1 §8, spec 2 §8). Import from here; never retype. An area whose
// copy only its own bundles show keeps it in shared/messages/<area>.ts, so every other Lambda and page is lighter.
// A toast with a title and a description keeps them as `<name>Title` and `<name>`.
import { qrFailed } from './messages/qr';
import { generic, sessionNotices } from './messages/session';

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
    // Issue 41: business roles beside the card.
    roleInvalid: 'Role must be Employee, Admin, Billing contact or Owner',
    onlyOwnerGivesOwnership: 'Only the owner can make someone an owner or change an owner’s role.',
  },
  auth: {
    fillAllFields: 'Please fill in all fields',
    authError: sessionNotices.authError,
    unexpected: sessionNotices.unexpected,
    signedIn: 'Successfully signed in',
    signedOut: sessionNotices.signedOut,
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
    /** 'Access Ended' names the company and whom there to ask (docs/decisions.md "Where a signed-in person goes"). */
    portalClosedCompany: (company: string) => `You are no longer an active employee of ${company}.`,
    portalClosedContact: 'Your company’s administrator:',
    /** Business onboarding refuses a leaver (functions/src/business/create-business.ts). */
    cannotSetUpBusiness: 'Your access to your company’s employee portal has ended, so this account cannot set up a business. Please contact your company’s administrator.',
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
    /** The successor and lead pickers (a searchable combobox, issue 39). */
    searchPeople: 'Type a name to search',
    noPeopleFound: 'No active person matches',
    moreResults: 'Keep typing to narrow the list',
    searchFailed: 'Could not search the people of this business. Please try again.',
    /** Company Settings' leaver defaults (issue 39). */
    defaultsTitle: 'Leavers',
    defaultsIntro:
      'When someone leaves and nobody picks a colleague for them — a directory (SCIM) deactivation, or a status saved as Inactive — their card page points visitors to this person’s card. A person set for their department comes first.',
    defaultSuccessor: 'Default successor',
    departmentSuccessors: 'By department',
    department: 'Department',
    departmentSuccessor: (department: string) => `Successor for ${department || 'this department'}`,
    addDepartment: 'Add department',
    removeDepartment: (department: string) => `Remove ${department || 'this department'}`,
    departmentRequired: 'Enter the department as your employees’ profiles name it',
    departmentTwice: 'Each department may be listed once',
    successorRequired: 'Pick a person for this department',
    defaultSuccessorNotActive: 'Pick an active person of this business who has a card.',
    saveDefaults: 'Save leaver defaults',
    defaultsSaved: 'Leaver defaults saved',
    defaultsFailed: 'Failed to save the leaver defaults. Please try again.',
  },
  /** The one text rule of every typed field (shared/schemas/common.ts). */
  text: {
    controlCharacter: 'Must not contain control characters',
    directionControl: 'Must not contain text-direction control characters',
    singleLine: 'Must be a single line',
    invalidCharacter: 'Contains a character that is not valid text',
  },
  generic,
  /** The invitation link and the owner's Send Invite button (spec 1 §2, spec 2 §8). */
  invitation: {
    invalidTitle: 'Invalid Invitation',
    invalid: 'This invitation link is invalid or has expired.',
    sentTitle: 'Invitation Sent',
    sendFailed: 'Failed to send invitation email.',
    /** Issue 8: an employee whose account is linked needs no invitation. */
    alreadyJoined: 'This employee has already joined with their own account.',
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
    /** Billed directly (issue 40): the client's invoices go to its own billing e-mail, never to the agency. */
    savedDirectTo: (client: string, email: string) => `${client} is now billed directly from the next monthly invoice, sent to ${email}.`,
    billingEmailRequired: "Enter the client's billing email: its invoices go there",
    billingEmailOnlyDirect: 'A billing email is given only when the client is billed directly',
    billingEmailKept: 'This client already has a billing email; change it in its Company Settings.',
    billingEmailNeeded: 'A client billed directly needs a billing email: its invoices go there',
    /** The agency's own price for a client, per user per month. */
    priceLabel: (client: string) => `Price per user for ${client}`,
    priceHint: (listPrice: string) => `Per user per month. Empty: the list price, ${listPrice}.`,
    priceInvalid: 'Enter a price of 0 or more, in dollars and cents',
    priceTooHigh: 'Enter a price of at most $1,000.00 per user',
    priceSaved: (client: string, price: string) => `${client} is now charged ${price} per user per month.`,
    priceReset: (client: string, price: string) => `${client} is back on the list price, ${price} per user per month.`,
    priceSaveFailed: "Failed to save the client's price. Please try again.",
    priceOnlyAgency: "Only the agency that manages this client sets its price.",
  },
  /** Admin: each agency's plan and this month's figures. */
  adminAgencies: {
    title: 'Agencies',
    empty: 'No agencies yet.',
    fetchFailed: 'Failed to fetch agencies',
    planLabel: (agency: string) => `Plan for ${agency}`,
    planSaved: (agency: string, plan: string) => `${agency} is now billed by ${plan} from the next monthly invoice.`,
    planSaveFailed: "Failed to change the agency's plan. Please try again.",
    planNotFound: 'Choose an active agency plan.',
    agencyNotFound: 'This agency no longer exists.',
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
} as const;

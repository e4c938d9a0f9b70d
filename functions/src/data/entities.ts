// ElectroDB entities over the single table. Keys are built here and nowhere else; see docs/access-patterns.md.
import { Entity, Service } from 'electrodb';
import type { ScanSource } from '../../../shared/scan-sources';
import { dynamo, tableName } from './client';
import { isUnpaidInvoiceStatus } from './payment-keys';

const service = 'cardcrew';
const now = () => new Date().toISOString();
const text = { type: 'string' } as const;
const counter = { type: 'number', default: 0 } as const;
const createdAt = { type: 'string', readOnly: true, default: now, required: true } as const;
const updatedAt = { type: 'string', watch: '*', set: now, default: now } as const;

/**
 * The dashboard collection on gsi1 is clustered: the sort key is `$dashboard#employeeorder_<order>#<entity>_1`,
 * so an employee, its card and the card's scan total sort next to each other (in employee order), and the
 * business and its scan total (`$dashboard#business_1`, `$dashboard#businessscantotal_1`) sort before them all.
 */
const dashboardIndex = {
  index: 'gsi1',
  type: 'clustered',
  collection: 'dashboard',
  pk: { field: 'gsi1pk', composite: ['businessId'] },
} as const;
/** A scan counter's split of its scans: one counter per source (shared/scan-sources.ts) and, per day, per device class. */
const split = { type: 'number' } as const;
// No defaults: an ElectroDB upsert would SET a default over the other counters' running totals. Missing reads as 0.
const sourceSplits = {
  qrScans: split,
  linkScans: split,
  nfcScans: split,
  appleWalletScans: split,
  googleWalletScans: split,
  signatureScans: split,
  backgroundScans: split,
  shareScans: split,
  textScans: split,
  whatsappScans: split,
  emailScans: split,
  contactScans: split,
} satisfies Record<`${ScanSource}Scans`, typeof split>;
const closedSplits = {
  /** The last UTC day the closed figures hold (issue 25 §2, functions/src/scan-totals/open-days.ts); absent: none. */
  closedThrough: { type: 'string' },
  closedScans: split,
  closedQrScans: split,
  closedLinkScans: split,
  closedNfcScans: split,
  closedAppleWalletScans: split,
  closedGoogleWalletScans: split,
  closedSignatureScans: split,
  closedBackgroundScans: split,
  closedShareScans: split,
  closedTextScans: split,
  closedWhatsappScans: split,
  closedEmailScans: split,
  closedContactScans: split,
} as const;
const scanSplits = { ...sourceSplits, phoneScans: split, tabletScans: split, desktopScans: split };
/** `<employee createdAt>#<employeeId>`: the dashboard order, shared by an employee, its card and its scan total. */
const employeeOrder = { type: 'string', required: true, readOnly: true } as const;
/** A card design (shared/schemas/card-design.ts): on the business, and copied onto each of its cards. */
const cardDesign = {
  type: 'map',
  properties: {
    layout: { type: ['classic', 'compact', 'banner'] as const, required: true },
    coverUrl: text,
    fields: {
      type: 'map',
      required: true,
      properties: {
        pronouns: { type: 'boolean', required: true },
        bio: { type: 'boolean', required: true },
        booking: { type: 'boolean', required: true },
        address: { type: 'boolean', required: true },
        links: { type: 'boolean', required: true },
      },
    },
  },
} as const;
/** A person's optional card fields besides pronouns, bio, booking link and address: up to five labelled links. */
const extraLinks = { type: 'list', items: { type: 'map', properties: { label: { ...text, required: true }, url: { ...text, required: true } } } } as const;

export function buildEntities() {
  const client = dynamo();
  const table = tableName();
  const options = { client, table };

  /** A user's profile (spec: profiles): account type, display name, token cut-off. */
  const profile = new Entity(
    {
      model: { entity: 'profile', version: '1', service },
      attributes: {
        userId: { ...text, required: true },
        email: { ...text, required: true },
        displayName: { ...text, required: true },
        accountType: { type: ['business', 'agency', 'employee', 'admin'] as const },
        /** Tokens issued (iat) before this epoch second are refused (business deletion, admin removal). */
        tokensValidAfter: { type: 'number' },
        /** The newest sign-in seen (the ID token's auth_time, recorded by POST /api/me), ISO 8601. */
        lastSignInAt: text,
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { collection: 'user', pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    options,
  );

  /** A user's role in one business or agency (spec: user_roles); owner memberships are also ownership records. */
  const membership = new Entity(
    {
      model: { entity: 'membership', version: '1', service },
      attributes: {
        userId: { ...text, required: true },
        scopeType: { type: ['business', 'agency'] as const, required: true },
        scopeId: { ...text, required: true },
        /** owner, or an employee's business role (admin, billing contact, employee): identity/access.ts reads it. */
        role: { type: ['owner', 'admin', 'billing', 'employee'] as const, required: true },
        employeeId: text,
        /** Set when the employee left (issue 23 §2, functions/src/leavers): the membership grants nothing any more. */
        leftAt: text,
        /** The business's identity provider this sign-in came through (sso/link-sso-account.ts): removed with it. */
        ssoProvider: text,
        createdAt,
      },
      indexes: {
        primary: {
          collection: 'user',
          pk: { field: 'pk', composite: ['userId'] },
          sk: { field: 'sk', composite: ['scopeType', 'scopeId'] },
        },
        byScope: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['scopeType', 'scopeId'] },
          sk: { field: 'gsi2sk', composite: ['userId'] },
        },
      },
    },
    options,
  );

  const business = new Entity(
    {
      model: { entity: 'business', version: '1', service },
      attributes: {
        businessId: { ...text, required: true },
        ownerId: { ...text, required: true },
        name: { ...text, required: true },
        industry: text,
        website: text,
        description: text,
        logoUrl: text,
        /** Required at onboarding; Company Settings may clear them (docs/decisions.md). */
        billingEmail: text,
        billingAddress: text,
        billingCity: text,
        billingCountry: text,
        billingPostalCode: text,
        primaryColor: text,
        secondaryColor: text,
        accentColor: text,
        /**
         * White-label (issue 21): the brand of the agency whose clients see it instead of CardCrew's, copied from that
         * agency whenever it saves its settings (an agency's brand, like the business's on its cards). Absent: CardCrew.
         */
        whiteLabelAgencyId: text,
        whiteLabelName: text,
        whiteLabelSupportEmail: text,
        whiteLabelSupportUrl: text,
        whiteLabelLogoUrl: text,
        /** The agency's favicon: its 512 px PNG rendition (the 32 and 180 px ones beside it, shared/favicon.ts). */
        whiteLabelFaviconUrl: text,
        /** The agency's colours for the chrome of the client's dashboard, onboarding page and portal (its own stay on its cards). */
        whiteLabelPrimaryColor: text,
        whiteLabelSecondaryColor: text,
        whiteLabelAccentColor: text,
        /** The agency's verified sending domain: the client's mails go from no-reply@ it (absent: the platform's address). */
        whiteLabelSenderDomain: text,
        /**
         * The agency that manages the business (its oldest agency–client link, as the billing run reads it), that
         * agency's name and who pays: copied in the transactions that create, re-bill and remove a link, and on the
         * agency's rename, so the admin businesses tab reads no link per row (docs/decisions.md). Absent: no agency.
         */
        managingAgencyId: text,
        managingAgencyName: text,
        managingAgencyBilledTo: { type: ['agency', 'direct'] as const },
        /** E-mail signature (issue 22 §3): the fields every signature of the company shows; absent: all of them. */
        signatureFields: {
          type: 'map',
          properties: {
            photo: { type: 'boolean', required: true },
            jobTitle: { type: 'boolean', required: true },
            phones: { type: 'boolean', required: true },
            email: { type: 'boolean', required: true },
            logo: { type: 'boolean', required: true },
            qrCode: { type: 'boolean', required: true },
            cardLink: { type: 'boolean', required: true },
          },
        },
        /** One line of small print under every signature of the company. */
        signatureDisclaimer: text,
        /** The public card page's design and optional fields; absent: Classic, no optional field. */
        cardDesign,
        /** The public card page shows a small QR code of itself (copied onto the cards); absent: no. */
        cardPageQr: { type: 'boolean' },
        /**
         * Leavers (issue 39): whose card a leaver's page points to when nobody picks one (a SCIM deactivation, a status
         * saved as Inactive, a deactivation without a choice) — per department first, else this person. Absent: none.
         */
        defaultSuccessorId: text,
        departmentSuccessors: {
          type: 'list',
          items: { type: 'map', properties: { department: { ...text, required: true }, employeeId: { ...text, required: true } } },
        },
        isActive: { type: 'boolean', default: true },
        /** The owner's e-mail when the business was created (the admin search; an agency's client: the agency owner's). */
        ownerEmail: text,
        /** Lower-cased `name` and `ownerEmail`, kept by every write of either (the admin search, business/search-fields.ts). */
        searchText: text,
        /** Lower-cased `industry` (the admin filter). */
        industryKey: text,
        /**
         * Bumped by every Company Settings save. A card records the version of the business fields it copied, so
         * a settings fan-out never overwrites a newer copy and a card is never created from an outdated one.
         */
        brandVersion: { type: 'number', default: 0 },
        subscriptionStatus: { type: ['active', 'trialing', 'past_due', 'cancelled'] as const, default: 'active' },
        /** Counters kept in the same transaction as the change (DESIGN §6). Scan totals live in businessScanTotal. */
        employeeCount: counter,
        billableEmployeeCount: counter,
        cardCount: counter,
        activeCardCount: counter,
        /** Static partition for the admin "all businesses" listing (gsi2). */
        listing: { type: 'string', default: 'businesses', readOnly: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: [] } },
        dashboard: { ...dashboardIndex, sk: { field: 'gsi1sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'businessId'] } },
      },
    },
    options,
  );

  const employee = new Entity(
    {
      model: { entity: 'employee', version: '1', service },
      attributes: {
        employeeId: { ...text, required: true },
        businessId: { ...text, required: true },
        name: { ...text, required: true },
        email: { ...text, required: true },
        phone: text,
        officePhone: text,
        mobilePhone: text,
        jobTitle: text,
        department: text,
        linkedinProfile: text,
        photoUrl: text,
        /** Optional card fields (shown while the business switches them on). */
        pronouns: text,
        bio: text,
        bookingUrl: text,
        officeAddress: text,
        extraLinks,
        role: { type: ['employee', 'admin', 'billing', 'owner'] as const, required: true, default: 'employee' },
        status: { type: ['draft', 'active', 'inactive'] as const, required: true, default: 'draft' },
        /** The Cognito user linked to this employee after onboarding. */
        userId: text,
        /** The employee's business card (at most one), written in the transaction that creates the card. */
        cardId: text,
        employeeOrder,
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['employeeId'] }, sk: { field: 'sk', composite: [] } },
        dashboard: { ...dashboardIndex, sk: { field: 'gsi1sk', composite: ['employeeOrder'] } },
      },
    },
    options,
  );

  /** What the public card page shows, copied onto the card so the page needs one GetItem (DESIGN §6). */
  const publicProfile = {
    type: 'map',
    required: true,
    properties: {
      name: { ...text, required: true },
      email: text,
      phone: text,
      officePhone: text,
      mobilePhone: text,
      jobTitle: text,
      department: text,
      linkedinProfile: text,
      photoUrl: text,
      pronouns: text,
      bio: text,
      bookingUrl: text,
      officeAddress: text,
      extraLinks,
    },
  } as const;
  const publicBusiness = {
    type: 'map',
    required: true,
    properties: {
      name: { ...text, required: true },
      logoUrl: text,
      website: text,
      description: text,
      primaryColor: text,
      secondaryColor: text,
      accentColor: text,
      design: cardDesign,
      cardPageQr: { type: 'boolean' },
      isActive: { type: 'boolean', required: true },
    },
  } as const;

  const card = new Entity(
    {
      model: { entity: 'card', version: '1', service },
      attributes: {
        cardId: { ...text, required: true },
        employeeId: { ...text, required: true },
        businessId: { ...text, required: true },
        isActive: { type: 'boolean', required: true },
        qrCodeUrl: text,
        qrSvgUrl: text,
        profile: publicProfile,
        business: publicBusiness,
        /** The business's brandVersion this card's `business` copy was taken from. */
        brandVersion: { type: 'number', default: 0 },
        /**
         * The link preview image (issue 22 §5), `…/media/previews/{cardId}/{hash}.jpg`: written by the card-sharing
         * worker after the card's profile or brand changed, outside `profile`/`business` so the write is no change of
         * what the card shows (card-changes.ts showsDifferently).
         */
        previewImageUrl: text,
        /**
         * The origin the card's QR code encodes when it is an agency's custom domain (issue 21 §2), e.g.
         * https://cards.brightagency.com; absent: the platform's. Removing the domain finds and regenerates these.
         */
        qrOrigin: text,
        employeeOrder,
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['cardId'] }, sk: { field: 'sk', composite: [] } },
        dashboard: { ...dashboardIndex, sk: { field: 'gsi1sk', composite: ['employeeOrder'] } },
      },
    },
    options,
  );

  /**
   * A card's scan total, on an item of its own so scans never contend with owner edits of the card. Created with the
   * card; sorts next to its employee and card on gsi1 so a dashboard page reads it too. Since issue 25 §2 it holds the
   * closed days only (the daily close adds them); readers add the open card-days (scan-totals/open-days.ts).
   */
  const cardScanTotal = new Entity(
    {
      model: { entity: 'cardScanTotal', version: '1', service },
      attributes: {
        cardId: { ...text, required: true },
        businessId: { ...text, required: true },
        employeeOrder,
        /** Before issue 25 §2 the running total; now ignored (read the closed figures + open days, scan-totals/open-days.ts). */
        scanCount: counter,
        ...sourceSplits,
        ...closedSplits,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['cardId'] }, sk: { field: 'sk', composite: [] } },
        dashboard: { ...dashboardIndex, sk: { field: 'gsi1sk', composite: ['employeeOrder'] } },
      },
    },
    options,
  );

  /**
   * A business's scan total before issue 25 §2, on an item of its own. Still created and deleted with the business, no
   * longer written or read: a business's closed total is its latest businessScanDay (scan-totals/open-days.ts).
   */
  const businessScanTotal = new Entity(
    {
      model: { entity: 'businessScanTotal', version: '1', service },
      attributes: { businessId: { ...text, required: true }, scanCount: counter, ...sourceSplits, ...closedSplits },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: [] } },
        dashboard: { ...dashboardIndex, sk: { field: 'gsi1sk', composite: [] } },
      },
    },
    options,
  );

  /** Uniqueness guard: one employee per (lower-cased) email in a business, written with the employee. */
  const employeeEmailGuard = new Entity(
    {
      model: { entity: 'employeeEmailGuard', version: '1', service },
      attributes: {
        businessId: { ...text, required: true },
        /** Lower-cased by the repository. */
        email: { ...text, required: true },
        employeeId: { ...text, required: true },
        createdAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['email'] } } },
    },
    options,
  );

  /** Scans per card per UTC day (atomic ADD), with the day's split by source and device (issue 11 §2). */
  const cardScanDay = new Entity(
    {
      model: { entity: 'cardScanDay', version: '1', service },
      attributes: {
        cardId: { ...text, required: true },
        day: { ...text, required: true },
        businessId: text,
        count: counter,
        ...scanSplits,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['cardId'] }, sk: { field: 'sk', composite: ['day'] } },
        /** A business's card-days in a range: its top cards in one Query. */
        byBusiness: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['businessId'] }, sk: { field: 'gsi2sk', composite: ['day', 'cardId'] } },
      },
    },
    options,
  );

  /** Scans per business per UTC day, with the same split: written by the daily close (a PUT) once the day has ended. */
  const businessScanDay = new Entity(
    {
      model: { entity: 'businessScanDay', version: '1', service },
      attributes: {
        businessId: { ...text, required: true },
        day: { ...text, required: true },
        count: counter,
        ...scanSplits,
        /** The business's running total through this day (the close writes it; its latest day item is its closed total). */
        ...closedSplits,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['day'] } } },
    },
    options,
  );

  /** Uniqueness guard: one business per billing email. */
  const billingEmailGuard = new Entity(
    {
      model: { entity: 'billingEmailGuard', version: '1', service },
      attributes: { billingEmail: { ...text, required: true }, businessId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['billingEmail'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /** Uniqueness guard: one business per owner (an owner's second business is refused in the same transaction). */
  const businessOwnerGuard = new Entity(
    {
      model: { entity: 'businessOwnerGuard', version: '1', service },
      attributes: { ownerId: { ...text, required: true }, businessId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['ownerId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  const plan = new Entity(
    {
      model: { entity: 'plan', version: '1', service },
      attributes: {
        planId: { ...text, required: true },
        name: { ...text, required: true },
        /** Per user per period, in integer minor units of `currency`. */
        priceCents: { type: 'number', required: true },
        currency: { ...text, required: true, default: 'USD' },
        period: { ...text, required: true },
        description: text,
        userRange: { ...text, required: true },
        features: { type: 'list', items: { type: 'string' }, default: () => [] },
        isPopular: { type: 'boolean', default: false },
        isActive: { type: 'boolean', default: true },
        planType: { type: ['business', 'agency'] as const, required: true },
        /** An agency plan's volume discounts by billable users (issue 20 §2); absent → DEFAULT_VOLUME_TIERS. */
        volumeTiers: {
          type: 'list',
          items: { type: 'map', properties: { fromUsers: { type: 'number', required: true }, discountPercent: { type: 'number', required: true } } },
        },
        listing: { type: 'string', default: 'plans', readOnly: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['planId'] }, sk: { field: 'sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['planType', 'planId'] } },
      },
    },
    options,
  );

  const agency = new Entity(
    {
      model: { entity: 'agency', version: '1', service },
      attributes: {
        agencyId: { ...text, required: true },
        ownerId: { ...text, required: true },
        name: { ...text, required: true },
        industry: text,
        description: text,
        website: text,
        logoUrl: text,
        phoneNumber: text,
        email: text,
        billingAddress: text,
        billingCity: text,
        billingCountry: text,
        billingPostalCode: text,
        primaryColor: text,
        secondaryColor: text,
        accentColor: text,
        /** White-label (issue 21): the agency's clients see its brand instead of CardCrew's. */
        whiteLabel: { type: 'boolean' },
        /** The name clients see (mail sender, page titles); the agency name when absent. */
        whiteLabelName: text,
        /** Reply-To of every mail to its clients' people; required with white-label on. */
        supportEmail: text,
        supportUrl: text,
        /**
         * Its favicon (issue 21 §1), as the 512 px PNG rendition's URL (32 and 180 px beside it, shared/favicon.ts):
         * its own square upload, else the one derived from its uploaded logo (removed when that logo is replaced).
         */
        faviconUrl: text,
        logoFaviconUrl: text,
        /**
         * Its own sending domain (one per agency; the sendingDomain item keyed by it makes it one agency's), and
         * whether SES has verified it: only then do its clients' mails go from an address at it.
         */
        sendingDomain: text,
        sendingDomainVerified: { type: 'boolean' },
        /**
         * Stripe Connect: its connected (Express) account, and that account's state as the newest `account.updated`
         * event applied said it (`connectEventAt`: that event's `created`, in seconds, so an older event that arrives
         * late changes nothing), with how many requirements were due.
         */
        stripeAccountId: text,
        connectState: { type: ['details_needed', 'charges_enabled', 'restricted'] as const },
        connectRequirementsDue: { type: 'number' },
        connectEventAt: { type: 'number' },
        /** The agency plan an admin assigned it (its volume tiers bill it); absent: the first active agency plan. */
        planId: text,
        /** Static partition for the admin dashboard's count of agencies (gsi2). */
        listing: { type: 'string', default: 'agencies', readOnly: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['agencyId'] }, sk: { field: 'sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'agencyId'] } },
      },
    },
    options,
  );

  /** Uniqueness guard: one agency per owner, written with the agency when its settings are first saved. */
  const agencyOwnerGuard = new Entity(
    {
      model: { entity: 'agencyOwnerGuard', version: '1', service },
      attributes: { ownerId: { ...text, required: true }, agencyId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['ownerId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /** An agency manages a client business (spec 2: agency_clients); gsi1 answers "which agencies manage business X". */
  const agencyClient = new Entity(
    {
      model: { entity: 'agencyClient', version: '1', service },
      attributes: {
        agencyId: { ...text, required: true },
        businessId: { ...text, required: true },
        /**
         * Who pays for the client (issue 20 §1): the agency, on its one monthly invoice (the default, and what a link
         * stored before the choice existed means), or the client directly. With who changed it last and when.
         */
        billedTo: { type: ['agency', 'direct'] as const, default: 'agency' },
        billingChangedBy: text,
        billingChangedAt: text,
        /**
         * White-label for this client (issue 21 §1): 'on' or 'off' overrides the agency's one switch; absent follows it.
         */
        whiteLabel: { type: ['on', 'off'] as const },
        /**
         * What the agency charges this client per user per month, in cents of the platform currency; absent: the list
         * price of the client's tier. With who set it last and when.
         */
        pricePerUserCents: { type: 'number' },
        priceChangedBy: text,
        priceChangedAt: text,
        createdAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['agencyId'] }, sk: { field: 'sk', composite: ['businessId'] } },
        byBusiness: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['businessId'] },
          sk: { field: 'gsi2sk', composite: ['agencyId'] },
        },
      },
    },
    options,
  );

  /**
   * An agency's figures for one month (UTC, 'YYYY-MM'), as last recorded in that month: by the monthly run and on each
   * change of a client's price. Last month's revenue is what this month's Growth Rate is measured against.
   */
  const agencyMonth = new Entity(
    {
      model: { entity: 'agencyMonth', version: '1', service },
      attributes: {
        agencyId: { ...text, required: true },
        month: { ...text, required: true },
        revenueCents: { type: 'number', required: true },
        costsCents: { type: 'number', required: true },
        netProfitCents: { type: 'number', required: true },
        billableUsers: { type: 'number', required: true },
        recordedAt: { ...text, required: true },
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['agencyId'] }, sk: { field: 'sk', composite: ['month'] } } },
    },
    options,
  );

  const invoice = new Entity(
    {
      model: { entity: 'invoice', version: '1', service },
      attributes: {
        invoiceId: { ...text, required: true },
        /**
         * The payer: a business, or for an agency's consolidated invoice (payerType 'agency') the agency. The names
         * predate agency billing; the payer's id keys the listing (gsi1) and the monthly guard either way.
         */
        businessId: { ...text, required: true },
        businessName: { ...text, required: true },
        payerType: { type: ['business', 'agency'] as const, default: 'business' },
        invoiceNumber: { ...text, required: true },
        /** Integer minor units of `currency` (ISO 4217). */
        amountCents: { type: 'number', required: true },
        currency: { ...text, required: true, default: 'USD' },
        dueDate: { ...text, required: true },
        notes: text,
        status: { type: ['pending', 'paid', 'overdue', 'cancelled', 'void'] as const, required: true, default: 'pending' },
        /** YYYY-MM for monthly subscription invoices. */
        billingPeriod: text,
        billableEmployees: { type: 'number' },
        ratePerUserCents: { type: 'number' },
        /** An agency invoice's lines, one per client billed to it, stored as billed (shared/pricing agencyInvoiceAmounts). */
        lines: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              businessId: { type: 'string', required: true },
              businessName: { type: 'string', required: true },
              billableEmployees: { type: 'number', required: true },
              ratePerUserCents: { type: 'number', required: true },
              sharePercent: { type: 'number', required: true },
              amountCents: { type: 'number', required: true },
            },
          },
        },
        /** Before the volume discount; `amountCents` is the total after it. */
        subtotalCents: { type: 'number' },
        discountPercent: { type: 'number' },
        discountCents: { type: 'number' },
        /** The volume tier applied: it starts at this many billable users. */
        discountTierFromUsers: { type: 'number' },
        paidAt: text,
        /** The payment that paid it (Stripe Checkout), recorded once with the status change. */
        stripeSessionId: text,
        stripePaymentIntentId: text,
        paidAmountCents: { type: 'number' },
        /** The payment receipt: who is sending it (a lease, so a crashed sender does not block it), and when it was sent. */
        receiptClaimedAt: text,
        receiptSentAt: text,
        /** Every Checkout Session opened for it, so voiding the invoice can expire the ones still open. */
        checkoutSessionIds: { type: 'set', items: 'string' },
        /** Dunning: the overdue stages (1, 7, 14 days) whose reminder was sent (or is being sent), so each goes once. */
        reminderDays: { type: 'set', items: 'number' },
        /** Lower-cased invoice number and business name (the billing tab's search). */
        searchText: text,
        listing: { type: 'string', default: 'invoices', readOnly: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['invoiceId'] }, sk: { field: 'sk', composite: [] } },
        byBusiness: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['businessId'] },
          sk: { field: 'gsi1sk', composite: ['createdAt'] },
        },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'invoiceId'] } },
        /**
         * Sparse: only a pending or overdue invoice has gsi3 keys, so the daily dunning job Queries "unpaid, due before
         * D" instead of the whole listing. `status` is a composite so that ElectroDB re-decides the keys on every write
         * that changes it (and refuses one that leaves out `dueDate`); a write to paid or void removes them.
         */
        unpaid: {
          index: 'gsi3',
          condition: ({ status }) => isUnpaidInvoiceStatus(status),
          pk: { field: 'gsi3pk', composite: ['status'] },
          sk: { field: 'gsi3sk', composite: ['dueDate', 'invoiceId'] },
        },
      },
    },
    options,
  );

  /** One per business per billing month, written with the invoice: a doubled job run can never bill twice. */
  const invoiceGuard = new Entity(
    {
      model: { entity: 'invoiceGuard', version: '1', service },
      attributes: { businessId: { ...text, required: true }, period: { ...text, required: true }, invoiceId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['period'] } } },
    },
    options,
  );

  /** A Stripe webhook event already handled (deduplication by event id); expires with the table's TTL after 30 days. */
  const paymentEvent = new Entity(
    {
      model: { entity: 'paymentEvent', version: '1', service },
      attributes: { eventId: { ...text, required: true }, type: { ...text, required: true }, invoiceId: text, expiresAt: { type: 'number', required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['eventId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * A payment Stripe took that could not be applied to its invoice (void, cancelled, paid already, a different amount,
   * or no such invoice): kept, listed to admins and refundable. One per Checkout Session, so the webhook and the
   * return-URL verify record it once.
   */
  const unappliedPayment = new Entity(
    {
      model: { entity: 'unappliedPayment', version: '1', service },
      attributes: {
        stripeSessionId: { ...text, required: true },
        stripePaymentIntentId: text,
        /** The invoice the session was opened for (it may be gone). */
        invoiceId: { ...text, required: true },
        invoiceNumber: text,
        businessId: text,
        businessName: text,
        amountCents: { type: 'number', required: true },
        currency: { ...text, required: true },
        reason: { type: ['invoiceVoid', 'invoiceCancelled', 'invoicePaidAlready', 'amountMismatch', 'invoiceMissing'] as const, required: true },
        status: { type: ['unapplied', 'refunded'] as const, required: true, default: 'unapplied' },
        stripeRefundId: text,
        refundedAt: text,
        /** The admin who refunded it (user id). */
        refundedBy: text,
        listing: { type: 'string', default: 'unappliedPayments', readOnly: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['stripeSessionId'] }, sk: { field: 'sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'stripeSessionId'] } },
      },
    },
    options,
  );

  /** Atomic sequences (invoice numbers). */
  const sequence = new Entity(
    {
      model: { entity: 'sequence', version: '1', service },
      attributes: { name: { ...text, required: true }, value: counter },
      indexes: { primary: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /** A sales enquiry, stored before it is mailed so a mail failure loses nothing. */
  const salesContact = new Entity(
    {
      model: { entity: 'salesContact', version: '1', service },
      attributes: {
        contactId: { ...text, required: true },
        companyName: { ...text, required: true },
        contactPerson: { ...text, required: true },
        email: { ...text, required: true },
        phone: { ...text, required: true },
        address: { ...text, required: true },
        city: { ...text, required: true },
        country: { ...text, required: true },
        zipCode: text,
        message: text,
        mailStatus: { type: ['pending', 'sent', 'failed'] as const, required: true, default: 'pending' },
        listing: { type: 'string', default: 'salesContacts', readOnly: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['contactId'] }, sk: { field: 'sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'contactId'] } },
      },
    },
    options,
  );

  /** A fixed-window request counter (per client and action); expires with the table's TTL. */
  const rateLimit = new Entity(
    {
      model: { entity: 'rateLimit', version: '1', service },
      attributes: {
        key: { ...text, required: true },
        window: { ...text, required: true },
        count: counter,
        expiresAt: { type: 'number', required: true },
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['key'] }, sk: { field: 'sk', composite: ['window'] } } },
    },
    options,
  );

  /**
   * An employee's invitation (at most one: a new one replaces it, so older links stop working). Only the SHA-256 of
   * the link's token is stored; gsi2 finds the invitation by that hash. `expiresAt` (epoch seconds) is also the
   * table's TTL, so expired invitations disappear on their own.
   */
  const invitation = new Entity(
    {
      model: { entity: 'invitation', version: '1', service },
      attributes: {
        employeeId: { ...text, required: true },
        businessId: { ...text, required: true },
        tokenHash: { ...text, required: true },
        /** The address the invitation was mailed to. */
        sentTo: { ...text, required: true },
        expiresAt: { type: 'number', required: true },
        /** Set when an account was linked with it: an invitation works once. */
        usedAt: text,
        usedBy: text,
        createdAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['employeeId'] }, sk: { field: 'sk', composite: [] } },
        byToken: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['tokenHash'] }, sk: { field: 'gsi2sk', composite: [] } },
        /**
         * The invitations mailed to one address (keys lower-cased, so any casing finds them): Cognito's mails to a
         * person who signs up through one carry its business's white-label brand before any membership exists
         * (functions/src/cognito-messages). Written by the invitation's own put; no other write touches its keys.
         */
        byRecipient: { index: 'gsi3', pk: { field: 'gsi3pk', composite: ['sentTo'] }, sk: { field: 'gsi3sk', composite: ['employeeId'] } },
      },
    },
    options,
  );

  /** A started upload: who may confirm it and what it is for. Expires with the table's TTL within a day. */
  const upload = new Entity(
    {
      model: { entity: 'upload', version: '1', service },
      attributes: {
        uploadId: { ...text, required: true },
        /** Whose logo or photo it is: a business's, or (logos only) an agency's. Exactly one is set. */
        businessId: text,
        agencyId: text,
        purpose: { type: ['logo', 'photo', 'favicon', 'cover'] as const, required: true },
        employeeId: text,
        /** The user who started it; only they may confirm it. */
        userId: { ...text, required: true },
        expiresAt: { type: 'number', required: true },
        createdAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['uploadId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * Details a visitor shared from a card page (issue 11 §3). gsi1 lists a business's contacts newest first (in the
   * business's gsi1 partition, beside its dashboard and invoices), gsi2 an employee's.
   */
  const contact = new Entity(
    {
      model: { entity: 'contact', version: '1', service },
      attributes: {
        contactId: { ...text, required: true },
        businessId: { ...text, required: true },
        employeeId: { ...text, required: true },
        employeeName: { ...text, required: true },
        cardId: { ...text, required: true },
        name: { ...text, required: true },
        email: { ...text, required: true },
        phone: text,
        company: text,
        note: text,
        /** The leaver whose card the contact came through, when it was reassigned to another employee (issue 23 §2). */
        reassignedFrom: text,
        createdAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['contactId'] }, sk: { field: 'sk', composite: [] } },
        byBusiness: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['businessId'] }, sk: { field: 'gsi1sk', composite: ['createdAt', 'contactId'] } },
        byEmployee: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['employeeId'] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'contactId'] } },
      },
    },
    options,
  );

  /**
   * One entry of a business's audit log (issue 23 §3): append-only, in the business's partition sorted by time, so the
   * Activity section reads a range of days with one Query and no index (an entry costs one write, nothing more). The
   * table's TTL removes it a year after it was written.
   */
  const auditEntry = new Entity(
    {
      model: { entity: 'auditEntry', version: '1', service },
      attributes: {
        businessId: { ...text, required: true },
        at: { ...text, required: true, readOnly: true },
        entryId: { ...text, required: true, readOnly: true },
        action: { ...text, required: true, readOnly: true },
        actorType: { ...text, required: true, readOnly: true },
        actorId: { ...text, readOnly: true },
        actorLabel: { ...text, required: true, readOnly: true },
        /** The business role a member acted under (owner, admin, billing, employee); absent for everyone else. */
        actorRole: { ...text, readOnly: true },
        /** The label in lower case, for the person filter. */
        actorKey: { ...text, required: true, readOnly: true },
        targetType: { ...text, required: true, readOnly: true },
        targetId: { ...text, required: true, readOnly: true },
        targetLabel: { ...text, readOnly: true },
        fields: { type: 'list', items: { type: 'string' }, readOnly: true },
        viewerIp: { ...text, readOnly: true },
        requestId: { ...text, readOnly: true },
        expiresAt: { type: 'number', required: true, readOnly: true },
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['at', 'entryId'] } } },
    },
    options,
  );

  /**
   * A leaver's card (issue 23 §2): written when the employee becomes inactive, kept when the employee (and the card) is
   * deleted, removed on reactivation. Beside the card in the card's partition, so the card page reads it with one more
   * GetItem only when the card is off or gone: who left, which company, and the way on (a colleague's card, else the
   * company's website and phone). It copies what the page shows, so it outlives the card.
   */
  const leaver = new Entity(
    {
      model: { entity: 'leaver', version: '1', service },
      attributes: {
        cardId: { ...text, required: true },
        businessId: { ...text, required: true },
        employeeId: { ...text, required: true },
        name: { ...text, required: true },
        businessName: { ...text, required: true },
        website: text,
        phone: text,
        logoUrl: text,
        primaryColor: text,
        secondaryColor: text,
        accentColor: text,
        successorCardId: text,
        successorName: text,
        leftAt: { ...text, required: true },
        /** Set when the employee and the card were deleted: this item is all that is left (a tombstone). */
        deletedAt: text,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['cardId'] }, sk: { field: 'sk', composite: [] } },
        /** A business's leavers, for deleting the business (their cards may be gone already). */
        byBusiness: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['businessId'] }, sk: { field: 'gsi2sk', composite: ['cardId'] } },
      },
    },
    options,
  );

  /** Uniqueness guard: a user is linked to at most one employee record, anywhere. Written with the link. */
  const employeeUserGuard = new Entity(
    {
      model: { entity: 'employeeUserGuard', version: '1', service },
      attributes: { userId: { ...text, required: true }, employeeId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * One run of the monthly billing fan-out (issue 20 §3): who started it, how many payers the planner queued, and what
   * became of them. The worker adds to the counters; the run is finished when they add up to `expected`. gsi2 lists
   * the runs newest first (the admin Billing tab).
   */
  const billingRun = new Entity(
    {
      model: { entity: 'billingRun', version: '1', service },
      attributes: {
        runId: { ...text, required: true },
        /** The billed month, YYYY-MM. */
        period: { ...text, required: true },
        /** The date the run bills as of (due dates are one month after it), ISO 8601. */
        runDate: { ...text, required: true },
        /** An admin's user id, or 'schedule'. */
        startedBy: { ...text, required: true },
        status: { type: ['queued', 'running', 'finished'] as const, required: true },
        /** Payers queued; unset until the planner has listed them. */
        expected: { type: 'number' },
        billed: counter,
        alreadyBilled: counter,
        /** No billable (non-draft) employees this month. */
        skipped: counter,
        /** Switched off or unsubscribed between the planner's snapshot and its bill. */
        notBillable: counter,
        failed: counter,
        /** Invoices created whose mail could not be sent (the invoice stands; the admin can mail it again). */
        mailsFailed: counter,
        /** The first failures with payer and reason (all are counted, and parked in the dead-letter queue). */
        failures: {
          type: 'list',
          items: {
            type: 'map',
            properties: { payerType: { type: ['business', 'agency'] as const, required: true }, payerId: { ...text, required: true }, reason: { ...text, required: true } },
          },
        },
        /** The active plans when the run started: every payer of the run is priced alike. */
        plans: { type: 'any' },
        startedAt: { type: 'string', readOnly: true, required: true, default: now },
        finishedAt: text,
        listing: { type: 'string', default: 'billingRuns', readOnly: true },
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['runId'] }, sk: { field: 'sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['startedAt', 'runId'] } },
      },
    },
    options,
  );

  /**
   * What became of one payer in one run, written with the run's counter in one transaction (attribute_not_exists): a
   * message SQS delivers twice is counted once. Expires with the table's TTL.
   */
  const billingRunPayer = new Entity(
    {
      model: { entity: 'billingRunPayer', version: '1', service },
      attributes: {
        runId: { ...text, required: true },
        payerId: { ...text, required: true },
        outcome: { type: ['billed', 'alreadyBilled', 'skipped', 'notBillable', 'failed'] as const, required: true },
        invoiceId: text,
        reason: text,
        expiresAt: { type: 'number', required: true },
        createdAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['runId'] }, sk: { field: 'sk', composite: ['payerId'] } } },
    },
    options,
  );

  /**
   * A run of the daily scan close (functions/src/scan-totals/close-runs.ts): the day it closes before, how many
   * businesses the planner queued and what the workers counted.
   */
  const scanCloseRun = new Entity(
    {
      model: { entity: 'scanCloseRun', version: '1', service },
      attributes: {
        runId: { ...text, required: true },
        /** Every day before this one (YYYY-MM-DD, UTC) is closed by the run. */
        today: { ...text, required: true },
        status: { type: ['running', 'finished'] as const, required: true },
        /** Businesses queued. */
        expected: { type: 'number', required: true },
        closed: counter,
        failed: counter,
        businessDaysClosed: counter,
        cardDaysClosed: counter,
        /** The first failures with business and reason (all are counted, and parked in the dead-letter queue). */
        failures: { type: 'list', items: { type: 'map', properties: { businessId: { ...text, required: true }, reason: { ...text, required: true } } } },
        startedAt: { type: 'string', readOnly: true, required: true, default: now },
        finishedAt: text,
        listing: { type: 'string', default: 'scanCloseRuns', readOnly: true },
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['runId'] }, sk: { field: 'sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['listing'] }, sk: { field: 'gsi2sk', composite: ['startedAt', 'runId'] } },
      },
    },
    options,
  );

  /** One business's outcome in a scan close run: written with the run's counters, so a redelivered message counts once. */
  const scanCloseRunBusiness = new Entity(
    {
      model: { entity: 'scanCloseRunBusiness', version: '1', service },
      attributes: {
        runId: { ...text, required: true },
        businessId: { ...text, required: true },
        outcome: { type: ['closed', 'failed'] as const, required: true },
        expiresAt: { type: 'number', required: true },
        createdAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['runId'] }, sk: { field: 'sk', composite: ['businessId'] } } },
    },
    options,
  );

  /**
   * An Apple Wallet pass registered for updates on a device (issue 22 §1, PassKit web service): by device (the primary
   * key; the device's passes of a pass type) and by serial number = card id (gsi2; the devices to push to).
   */
  const passRegistration = new Entity(
    {
      model: { entity: 'passRegistration', version: '1', service },
      attributes: {
        deviceLibraryIdentifier: { ...text, required: true },
        passTypeIdentifier: { ...text, required: true },
        serialNumber: { ...text, required: true },
        pushToken: { ...text, required: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['deviceLibraryIdentifier'] }, sk: { field: 'sk', composite: ['passTypeIdentifier', 'serialNumber'] } },
        bySerial: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['serialNumber'] }, sk: { field: 'gsi2sk', composite: ['deviceLibraryIdentifier'] } },
      },
    },
    options,
  );

  /**
   * An agency's custom domain (issue 21 §2), keyed by the domain so it belongs to one agency (created with a
   * condition) and so a request's Host finds it with one GetItem. Its CloudFront tenant and the state last read from it.
   */
  const customDomain = new Entity(
    {
      model: { entity: 'customDomain', version: '1', service },
      attributes: {
        domain: { ...text, required: true },
        domainId: { ...text, required: true },
        agencyId: { ...text, required: true },
        /** The distribution tenant (absent until CreateDistributionTenant answered). */
        tenantId: text,
        state: { type: ['pending-dns', 'issuing-certificate', 'active', 'failed'] as const, required: true },
        reason: text,
        /** When the state was last read from CloudFront (ISO 8601). */
        checkedAt: text,
        createdAt,
        updatedAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['domain'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /** One of the agency's custom domains (its list: a Query on the agency), written with the domain's item in one transaction. */
  const agencyDomain = new Entity(
    {
      model: { entity: 'agencyDomain', version: '1', service },
      attributes: { agencyId: { ...text, required: true }, domain: { ...text, required: true }, domainId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['agencyId'] }, sk: { field: 'sk', composite: ['domain'] } } },
    },
    options,
  );

  /**
   * An agency's sending domain, keyed by the domain so it belongs to one agency (created with a condition): the SES
   * domain identity's Easy DKIM tokens and the state last read from SES.
   */
  const sendingDomain = new Entity(
    {
      model: { entity: 'sendingDomain', version: '1', service },
      attributes: {
        domain: { ...text, required: true },
        agencyId: { ...text, required: true },
        state: { type: ['pending', 'verified', 'failed'] as const, required: true },
        /** SES's DKIM status when it is not SUCCESS or FAILED (TEMPORARY_FAILURE says more than pending). */
        dkimStatus: text,
        dkimTokens: { type: 'list', items: { type: 'string' } },
        /** When the state was last read from SES (ISO 8601). */
        checkedAt: text,
        createdAt,
        updatedAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['domain'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * A SCIM token of a business (issue 23 §1, directory sync). Only the SHA-256 of the token is stored, and it is the
   * key, so the SCIM handler finds the token with one consistent GetItem and a revoked (deleted) token is refused at
   * once. gsi2 lists a business's tokens (Company Settings → Directory sync).
   */
  const scimToken = new Entity(
    {
      model: { entity: 'scimToken', version: '1', service },
      attributes: {
        tokenHash: { ...text, required: true },
        tokenId: { ...text, required: true },
        businessId: { ...text, required: true },
        name: { ...text, required: true },
        /** The user who created it. */
        createdBy: { ...text, required: true },
        /** The last authenticated SCIM request, to the minute (bookkeeping, written at most once a minute). */
        lastUsedAt: text,
        createdAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
        byBusiness: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['businessId'] }, sk: { field: 'gsi2sk', composite: ['tokenId'] } },
      },
    },
    options,
  );

  /**
   * What the directory says about an employee it provisioned, beyond the employee's own fields: the SCIM userName as
   * sent, externalId, the name parts and the enterprise extension (employeeNumber, manager). One per employee; gsi2
   * lists a business's directory users (the externalId filter).
   */
  const directoryUser = new Entity(
    {
      model: { entity: 'directoryUser', version: '1', service },
      attributes: {
        employeeId: { ...text, required: true },
        businessId: { ...text, required: true },
        userName: text,
        externalId: text,
        givenName: text,
        familyName: text,
        employeeNumber: text,
        managerId: text,
        managerDisplayName: text,
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['employeeId'] }, sk: { field: 'sk', composite: [] } },
        byBusiness: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['businessId'] }, sk: { field: 'gsi2sk', composite: ['employeeId'] } },
      },
    },
    options,
  );

  /**
   * A SCIM userName taken in a business (lower-cased: userName is case-insensitive). Created in the transaction that
   * creates the directory user, swapped in the one that renames it, so two creates of one userName cannot both win.
   */
  const scimUserNameGuard = new Entity(
    {
      model: { entity: 'scimUserNameGuard', version: '1', service },
      attributes: { businessId: { ...text, required: true }, userName: { ...text, required: true }, employeeId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['userName'] } } },
    },
    options,
  );

  /**
   * A department of a business (issue: departments as records). Employees keep its name (their card, vCard, CSV and
   * leaver defaults read it there); a rename rewrites them, bounded by the business's size (docs/decisions.md). The
   * record lists with the business's other departments in one Query of its partition; `previousName` is set while a
   * rename is still being copied onto employees (a repeat of the rename finishes it).
   */
  const department = new Entity(
    {
      model: { entity: 'department', version: '1', service },
      attributes: {
        businessId: { ...text, required: true },
        departmentId: { ...text, required: true },
        name: { ...text, required: true },
        previousName: text,
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['departmentId'] } },
      },
    },
    options,
  );

  /** A department name taken in a business (lower-cased and trimmed), swapped in the rename's transaction. */
  const departmentNameGuard = new Entity(
    {
      model: { entity: 'departmentNameGuard', version: '1', service },
      attributes: { businessId: { ...text, required: true }, nameKey: { ...text, required: true }, departmentId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['nameKey'] } } },
    },
    options,
  );

  /**
   * A SCIM group of a business (directory sync): its members' department is its displayName. gsi2 lists a business's
   * groups (the displayName filter runs on that short list); the name guard below keeps displayNames unique.
   */
  const scimGroup = new Entity(
    {
      model: { entity: 'scimGroup', version: '1', service },
      attributes: {
        groupId: { ...text, required: true },
        businessId: { ...text, required: true },
        displayName: { ...text, required: true },
        externalId: text,
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['groupId'] }, sk: { field: 'sk', composite: [] } },
        byBusiness: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['businessId'] }, sk: { field: 'gsi2sk', composite: ['groupId'] } },
      },
    },
    options,
  );

  /** A group's displayName taken in a business (lower-cased), swapped in the rename's transaction. */
  const scimGroupNameGuard = new Entity(
    {
      model: { entity: 'scimGroupNameGuard', version: '1', service },
      attributes: { businessId: { ...text, required: true }, displayName: { ...text, required: true }, groupId: { ...text, required: true }, createdAt },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: ['displayName'] } } },
    },
    options,
  );

  /** One member of a SCIM group (the group's members: a Query on the group; an employee's groups: gsi2). */
  const scimGroupMember = new Entity(
    {
      model: { entity: 'scimGroupMember', version: '1', service },
      attributes: { groupId: { ...text, required: true }, employeeId: { ...text, required: true }, businessId: { ...text, required: true }, createdAt },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['groupId'] }, sk: { field: 'sk', composite: ['employeeId'] } },
        byEmployee: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['employeeId'] }, sk: { field: 'gsi2sk', composite: ['groupId'] } },
      },
    },
    options,
  );

  /** A business's directory-sync settings (issue 23 §1): whether provisioned employees also get an invitation mail. */
  const directorySettings = new Entity(
    {
      model: { entity: 'directorySettings', version: '1', service },
      attributes: {
        businessId: { ...text, required: true },
        sendInvitations: { type: 'boolean', required: true },
        updatedAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * A business's claim of a single sign-on domain (issue 24; issue 39): keyed by the domain and the business, so any
   * number of businesses may claim a domain without learning of each other, and a claim never blocks the business that
   * proves the domain. Verified once the TXT record `_cardcrew-sso.<domain>` holds the claim's token; one claim per
   * domain is verified, held by `ssoDomainHolder`. A pending claim expires 7 days after it was made (`expiresAt`, the
   * table's TTL attribute; reads ignore it from then on). gsi2 lists a business's claims, gsi1 every claim (admins).
   */
  const ssoDomain = new Entity(
    {
      model: { entity: 'ssoDomain', version: '2', service },
      attributes: {
        domain: { ...text, required: true },
        domainId: { ...text, required: true },
        businessId: { ...text, required: true },
        /** The value the TXT record must hold (random, not secret). */
        token: { ...text, required: true },
        verifiedAt: text,
        /** A pending claim's end (epoch seconds; removed once verified). */
        expiresAt: { type: 'number' },
        /** Static partition for the admins' listing of every claim (gsi1). */
        listing: { type: 'string', default: 'ssoDomains', readOnly: true },
        createdAt,
        updatedAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['domain'] }, sk: { field: 'sk', composite: ['businessId'] } },
        byBusiness: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['businessId'] }, sk: { field: 'gsi2sk', composite: ['domainId'] } },
        all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['listing'] }, sk: { field: 'gsi1sk', composite: ['domain', 'businessId'] } },
      },
    },
    options,
  );

  /**
   * The business whose claim of a domain is verified (issue 39): one per domain, created with `attribute_not_exists` in
   * the verification's transaction, so two businesses that both prove a domain cannot both hold it. The pre-sign-up
   * trigger and 'Sign in with SSO' find the domain's business with its one GetItem.
   */
  const ssoDomainHolder = new Entity(
    {
      model: { entity: 'ssoDomainHolder', version: '1', service },
      attributes: {
        domain: { ...text, required: true },
        businessId: { ...text, required: true },
        domainId: { ...text, required: true },
        createdAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['domain'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * A business's identity provider and its SSO switches (issue 24): one per business. The provider's configuration is
   * Cognito's (the OIDC client secret is stored there only); this item keeps what Company Settings shows and the switches
   * the sign-in triggers read.
   */
  const ssoConnection = new Entity(
    {
      model: { entity: 'ssoConnection', version: '1', service },
      attributes: {
        businessId: { ...text, required: true },
        providerName: text,
        providerType: { type: ['SAML', 'OIDC'] as const },
        metadataUrl: text,
        entityId: text,
        signInUrl: text,
        issuer: text,
        clientId: text,
        connectedAt: text,
        /** During a move to another IdP: the provider connected before, still signing people in until it is removed. */
        previousProvider: {
          type: 'map',
          properties: {
            providerName: { ...text, required: true },
            providerType: { type: ['SAML', 'OIDC'] as const, required: true },
            metadataUrl: text,
            entityId: text,
            signInUrl: text,
            issuer: text,
            clientId: text,
            connectedAt: { ...text, required: true },
          },
        },
        /**
         * The last successful 'Test sign-in' through the current provider (its name and when): 'Require SSO' can be switched
         * on only after one. Saving a provider writes the item anew, so a changed provider needs a new test.
         */
        testedProviderName: text,
        testedAt: text,
        createEmployeesOnFirstSignIn: { type: 'boolean', required: true, default: false },
        requireSso: { type: 'boolean', required: true, default: false },
        createdAt,
        updatedAt,
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['businessId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * The lease around the app client's read-modify-write (UpdateUserPoolClient replaces the whole configuration): one
   * item per app client, held by one save at a time, expiring (the table's TTL attribute) if its holder died.
   */
  const ssoClientLease = new Entity(
    {
      model: { entity: 'ssoClientLease', version: '1', service },
      attributes: {
        clientId: { ...text, required: true },
        holder: { ...text, required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: { primary: { pk: { field: 'pk', composite: ['clientId'] }, sk: { field: 'sk', composite: [] } } },
    },
    options,
  );

  /**
   * An outgoing webhook endpoint of a business (Company Settings → Webhooks): its URL, the events it takes and its
   * signing secret (kept to sign with; shown to the owner once). After a rotation the previous secret signs too, until
   * previousSecretExpiresAt. gsi2 lists a business's endpoints; the delivery worker reads one by id.
   */
  const webhookEndpoint = new Entity(
    {
      model: { entity: 'webhookEndpoint', version: '1', service },
      attributes: {
        endpointId: { ...text, required: true },
        businessId: { ...text, required: true },
        url: { ...text, required: true },
        description: text,
        events: { type: 'list', items: { type: 'string' }, required: true },
        secret: { ...text, required: true },
        previousSecret: text,
        previousSecretExpiresAt: text,
        createdBy: { ...text, required: true },
        createdAt,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['endpointId'] }, sk: { field: 'sk', composite: [] } },
        byBusiness: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['businessId'] }, sk: { field: 'gsi2sk', composite: ['endpointId'] } },
      },
    },
    options,
  );

  /**
   * One event sent to one endpoint (the delivery log): the signed payload as it goes out, its status and every attempt.
   * gsi2 lists an endpoint's deliveries newest first; the table's TTL removes a delivery 30 days after it was made.
   */
  const webhookDelivery = new Entity(
    {
      model: { entity: 'webhookDelivery', version: '1', service },
      attributes: {
        deliveryId: { ...text, required: true },
        endpointId: { ...text, required: true },
        businessId: { ...text, required: true },
        /** The webhook-id header: the event's id (a replay keeps it, so the receiver can tell it is the same event). */
        messageId: { ...text, required: true },
        eventType: { ...text, required: true },
        /** The JSON body, exactly as signed. */
        payload: { ...text, required: true },
        status: { type: ['pending', 'succeeded', 'failed'] as const, required: true },
        attempts: {
          type: 'list',
          items: { type: 'map', properties: { at: { ...text, required: true }, status: { type: 'number' }, error: text, durationMs: { type: 'number', required: true } } },
        },
        nextAttemptAt: text,
        replayOf: text,
        createdAt,
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['deliveryId'] }, sk: { field: 'sk', composite: [] } },
        byEndpoint: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['endpointId'] }, sk: { field: 'gsi2sk', composite: ['createdAt', 'deliveryId'] } },
      },
    },
    options,
  );

  const entities = {
    salesContact,
    rateLimit,
    profile,
    membership,
    business,
    employee,
    card,
    cardScanTotal,
    businessScanTotal,
    employeeEmailGuard,
    cardScanDay,
    businessScanDay,
    billingEmailGuard,
    businessOwnerGuard,
    plan,
    agency,
    agencyOwnerGuard,
    agencyClient,
    agencyMonth,
    invoice,
    invoiceGuard,
    paymentEvent,
    unappliedPayment,
    sequence,
    invitation,
    employeeUserGuard,
    upload,
    contact,
    billingRun,
    billingRunPayer,
    scanCloseRun,
    scanCloseRunBusiness,
    passRegistration,
    auditEntry,
    scimToken,
    directoryUser,
    directorySettings,
    scimUserNameGuard,
    scimGroup,
    scimGroupNameGuard,
    scimGroupMember,
    department,
    departmentNameGuard,
    customDomain,
    agencyDomain,
    sendingDomain,
    leaver,
    ssoDomain,
    ssoDomainHolder,
    ssoConnection,
    ssoClientLease,
    webhookEndpoint,
    webhookDelivery,
  };
  return { ...entities, service: new Service(entities, options) };
}

let built: ReturnType<typeof buildEntities> | undefined;

/** The entities bound to the configured table (built once per container). */
export function db() {
  built ??= buildEntities();
  return built;
}

export type Db = ReturnType<typeof buildEntities>;

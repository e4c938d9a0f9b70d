// Agencies (spec 2 §3, §5): the Agency Settings form, the Add Client form and the DTO the API returns.
import * as z from '../zod';
import { messages } from '../messages';
import { optionalEmailAddress, optionalHexColor, optionalPhone, optionalText, optionalUrl, requiredText } from './common';

const optionalEmail = optionalEmailAddress(messages.employee.validEmail);

/** Agency Settings dialog: company settings rules with the agency wording (spec 2 §5). */
export const agencySettingsSchema = z.strictObject({
  name: requiredText(messages.agency.nameRequired),
  industry: optionalText(100),
  description: optionalText(1000, { multiLine: true }),
  website: optionalUrl(),
  phoneNumber: optionalPhone,
  email: optionalEmail,
  billingAddress: optionalText(200),
  billingCity: optionalText(100),
  billingCountry: optionalText(100),
  billingPostalCode: optionalText(20),
  primaryColor: optionalHexColor,
  secondaryColor: optionalHexColor,
  accentColor: optionalHexColor,
  logoUrl: optionalUrl(),
  /** White-label (issue 21): the agency's clients see its brand instead of CardCrew's. */
  whiteLabel: z._default(z.boolean(), false),
  whiteLabelName: optionalText(60),
  supportEmail: optionalEmail,
  supportUrl: optionalUrl(),
}).check(z.refine((s) => !s.whiteLabel || s.supportEmail !== null, { message: messages.agency.supportEmailRequired, path: ['supportEmail'] }));
export type AgencySettingsInput = z.input<typeof agencySettingsSchema>;
export type AgencySettings = z.output<typeof agencySettingsSchema>;

/** Add Client modal: a new business managed by the agency. */
export const addClientSchema = z.strictObject({
  name: requiredText(messages.agency.businessNameRequired),
  industry: optionalText(100),
  website: optionalUrl(),
  description: optionalText(1000, { multiLine: true }),
});
export type AddClientInput = z.input<typeof addClientSchema>;
export type AddClient = z.output<typeof addClientSchema>;

export const agencySchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  industry: z.nullable(z.string()),
  description: z.nullable(z.string()),
  website: z.nullable(z.string()),
  logoUrl: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  email: z.nullable(z.string()),
  billingAddress: z.nullable(z.string()),
  billingCity: z.nullable(z.string()),
  billingCountry: z.nullable(z.string()),
  billingPostalCode: z.nullable(z.string()),
  primaryColor: z.nullable(z.string()),
  secondaryColor: z.nullable(z.string()),
  accentColor: z.nullable(z.string()),
  whiteLabel: z.boolean(),
  whiteLabelName: z.nullable(z.string()),
  supportEmail: z.nullable(z.string()),
  supportUrl: z.nullable(z.string()),
  /** The favicon's 512 px rendition (issue 21 §1): the agency's own upload, else the one derived from its logo. */
  faviconUrl: z.nullable(z.string()),
  /** Whether that favicon is its own upload (not derived from the logo). */
  faviconUploaded: z.boolean(),
});
export type Agency = z.infer<typeof agencySchema>;

/** The link between an agency and a client business it manages (spec 2 §3 agency_client). */
export const agencyClientSchema = z.object({
  agencyId: z.string(),
  businessId: z.string(),
});
export type AgencyClient = z.infer<typeof agencyClientSchema>;

/** White-label for one client (issue 21 §1): follow the agency's one switch, or on/off for this client alone. */
export const clientWhiteLabelOptions = ['agency', 'on', 'off'] as const;
export type ClientWhiteLabel = (typeof clientWhiteLabelOptions)[number];

/** PUT /api/businesses/{businessId}/white-label: the agency's per-client override. */
export const clientWhiteLabelInputSchema = z.strictObject({
  whiteLabel: z.enum(clientWhiteLabelOptions, { error: messages.agency.clientWhiteLabelInvalid }),
});
export type ClientWhiteLabelInput = z.infer<typeof clientWhiteLabelInputSchema>;

export const clientWhiteLabelSchema = z.object({
  businessId: z.string(),
  agencyId: z.string(),
  whiteLabel: z.enum(clientWhiteLabelOptions),
  /** Whether the client now shows this agency's brand (false when off, or when another agency brands it). */
  branded: z.boolean(),
});
export type ClientWhiteLabelResult = z.infer<typeof clientWhiteLabelSchema>;

/** One client business on the agency dashboard (spec 2 §2 Managed Client Businesses). */
export const agencyClientSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.nullable(z.string()),
  logoUrl: z.nullable(z.string()),
  isActive: z.boolean(),
  employeeCount: z.int(),
  /** The employees the client is billed for: every one but drafts (spec 2 §9), as the monthly invoice counts them. */
  billableEmployeeCount: z.int(),
  /** What the agency charges this client per month: its billable employees at the agency's price for it, integer cents; 0 billed directly. */
  revenueCents: z.int(),
  /** The price the agency set for this client per user per month, in cents; null: the list price. */
  pricePerUserCents: z.nullable(z.int()),
  /** The list price of the client's tier per user per month (spec 2 §9's agency view rates), in cents. */
  listPricePerUserCents: z.int(),
  /** Who pays for the client: the agency on its monthly invoice, or the client directly (issue 20 §1). */
  billedTo: z.enum(['agency', 'direct']),
  /** Where the client's own invoices go when it is billed directly (issue 40); null: none yet (asked for on the switch). */
  billingEmail: z.nullable(z.string()),
  /** White-label for this client: the agency's switch ('agency') or this client's override (issue 21 §1). */
  whiteLabel: z.enum(clientWhiteLabelOptions),
  /** Whether the client shows this agency's brand now. */
  branded: z.boolean(),
});
export type AgencyClientSummary = z.infer<typeof agencyClientSummarySchema>;

/** The five stat cards (spec 2 §2, §9), money in integer cents of `currency`. */
export const agencyStatsSchema = z.object({
  activeClients: z.int(),
  totalUsers: z.int(),
  monthlyRevenueCents: z.int(),
  costsCents: z.int(),
  netProfitCents: z.int(),
  /** This month's revenue against last month's stored figure, in percent with one decimal; 0 without last month's. */
  growthRate: z.number(),
  /** Whether last month's figures are stored (else Growth Rate is 0 for want of history). */
  hasLastMonth: z.boolean(),
  currency: z.string().check(z.length(3)),
});

/** GET /api/agency: the agency (null until its settings are first saved), its stats and every client. */
export const agencyDashboardSchema = z.object({
  agency: z.nullable(agencySchema),
  stats: agencyStatsSchema,
  clients: z.array(agencyClientSummarySchema),
});
export type AgencyDashboard = z.infer<typeof agencyDashboardSchema>;

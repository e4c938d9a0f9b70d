// Agencies (spec 2 §3, §5): the Agency Settings form, the Add Client form and the DTO the API returns.
import * as z from 'zod';
import { messages } from '../messages';
import { optionalEmailAddress, optionalHexColor, optionalPhone, optionalText, optionalUrl, requiredText } from './common';

const optionalEmail = optionalEmailAddress(messages.employee.validEmail);

/** Agency Settings dialog: company settings rules with the agency wording (spec 2 §5). */
export const agencySettingsSchema = z
  .object({
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
  })
  .strict();
export type AgencySettingsInput = z.input<typeof agencySettingsSchema>;
export type AgencySettings = z.output<typeof agencySettingsSchema>;

/** Add Client modal: a new business managed by the agency. */
export const addClientSchema = z
  .object({
    name: requiredText(messages.agency.businessNameRequired),
    industry: optionalText(100),
    website: optionalUrl(),
    description: optionalText(1000, { multiLine: true }),
  })
  .strict();
export type AddClientInput = z.input<typeof addClientSchema>;
export type AddClient = z.output<typeof addClientSchema>;

export const agencySchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingCountry: z.string().nullable(),
  billingPostalCode: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  accentColor: z.string().nullable(),
});
export type Agency = z.infer<typeof agencySchema>;

/** The link between an agency and a client business it manages (spec 2 §3 agency_client). */
export const agencyClientSchema = z.object({
  agencyId: z.string(),
  businessId: z.string(),
});
export type AgencyClient = z.infer<typeof agencyClientSchema>;

/** One client business on the agency dashboard (spec 2 §2 Managed Client Businesses). */
export const agencyClientSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.string().nullable(),
  logoUrl: z.string().nullable(),
  isActive: z.boolean(),
  employeeCount: z.number().int(),
  /** What the agency charges this client per month at the agency view rates (spec 2 §9), integer cents. */
  revenueCents: z.number().int(),
});
export type AgencyClientSummary = z.infer<typeof agencyClientSummarySchema>;

/** The five stat cards (spec 2 §2, §9), money in integer cents of `currency`. */
export const agencyStatsSchema = z.object({
  activeClients: z.number().int(),
  totalUsers: z.number().int(),
  monthlyRevenueCents: z.number().int(),
  costsCents: z.number().int(),
  netProfitCents: z.number().int(),
  growthRate: z.number(),
  currency: z.string().length(3),
});

/** GET /api/agency: the agency (null until its settings are first saved), its stats and every client. */
export const agencyDashboardSchema = z.object({
  agency: agencySchema.nullable(),
  stats: agencyStatsSchema,
  clients: z.array(agencyClientSummarySchema),
});
export type AgencyDashboard = z.infer<typeof agencyDashboardSchema>;

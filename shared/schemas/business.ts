// Business: the onboarding and Company Settings form inputs and the DTO the API returns.
import * as z from 'zod';
import { messages } from '../messages';
import {
  emailAddress,
  optionalEmailAddress,
  optionalHexColor,
  optionalText,
  optionalUrl,
  requiredText,
} from './common';

const m = messages.businessForm;

/** The /business-onboarding form (spec 1 §5): what the owner types. */
export const businessFormSchema = z
  .object({
    name: requiredText(m.nameRequired),
    industry: optionalText(100),
    website: optionalUrl(),
    description: optionalText(1000, { multiLine: true }),
    billingEmail: emailAddress(m.validEmail),
    billingAddress: optionalText(200),
    billingCity: requiredText(m.cityRequired, 100),
    billingCountry: requiredText(m.countryRequired, 100),
    billingPostalCode: requiredText(m.postalCodeRequired, 20),
  })
  .strict();
export type BusinessFormInput = z.input<typeof businessFormSchema>;
export type BusinessForm = z.output<typeof businessFormSchema>;

/**
 * The Company Settings dialog (spec 2 §2, §5): only the name is required; every other field may be emptied and
 * is then stored as null. A null colour means the default brand colour (DEFAULT_BRAND_COLORS in shared/colour).
 * The billing e-mail keeps the onboarding form's wording, 'Valid email is required', since it is the same field.
 */
export const businessSettingsSchema = z
  .object({
    name: requiredText(m.nameRequired),
    industry: optionalText(100),
    description: optionalText(1000, { multiLine: true }),
    website: optionalUrl(),
    logoUrl: optionalUrl(),
    billingEmail: optionalEmailAddress(m.validEmail),
    billingAddress: optionalText(200),
    billingCity: optionalText(100),
    billingPostalCode: optionalText(20),
    billingCountry: optionalText(100),
    primaryColor: optionalHexColor,
    secondaryColor: optionalHexColor,
    accentColor: optionalHexColor,
  })
  .strict();
export type BusinessSettingsInput = z.input<typeof businessSettingsSchema>;
export type BusinessSettings = z.output<typeof businessSettingsSchema>;

export const subscriptionStatuses = ['active', 'trialing', 'past_due', 'cancelled'] as const;

export const businessSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  billingEmail: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingCountry: z.string().nullable(),
  billingPostalCode: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  accentColor: z.string().nullable(),
  isActive: z.boolean(),
  subscriptionStatus: z.enum(subscriptionStatuses),
  employeeCount: z.number().int(),
  billableEmployeeCount: z.number().int(),
  cardCount: z.number().int(),
  activeCardCount: z.number().int(),
  scanCount: z.number().int(),
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** Brand colours (spec 2 §5): 3- or 6-digit hex with a leading #, empty → null. */
export const brandColorsSchema = z.object({
  primaryColor: optionalHexColor,
  secondaryColor: optionalHexColor,
  accentColor: optionalHexColor,
});

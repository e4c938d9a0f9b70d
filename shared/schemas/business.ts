// Business: the onboarding and Company Settings form inputs and the DTO the API returns.
import * as z from '../zod';
import { messages } from '../messages';
import {
  emailAddress,
  optionalEmailAddress,
  optionalHexColor,
  optionalText,
  optionalUrl,
  requiredText,
} from './common';
import { signatureDisclaimerSchema, signatureFieldsSchema } from './email-signature';
import { cardDesignSchema, cardDesignViewSchema } from './card-design';

const m = messages.businessForm;

/** The /business-onboarding form (spec 1 §5): what the owner types. */
export const businessFormSchema = z.strictObject({
  name: requiredText(m.nameRequired),
  industry: optionalText(100),
  website: optionalUrl(),
  description: optionalText(1000, { multiLine: true }),
  billingEmail: emailAddress(m.validEmail),
  billingAddress: optionalText(200),
  billingCity: requiredText(m.cityRequired, 100),
  billingCountry: requiredText(m.countryRequired, 100),
  billingPostalCode: requiredText(m.postalCodeRequired, 20),
});
export type BusinessFormInput = z.input<typeof businessFormSchema>;
export type BusinessForm = z.output<typeof businessFormSchema>;

/**
 * The Company Settings dialog (spec 2 §2, §5): only the name is required; every other field may be emptied and
 * is then stored as null. A null colour means the default brand colour (DEFAULT_BRAND_COLORS in shared/colour).
 * The billing e-mail keeps the onboarding form's wording, 'Valid email is required', since it is the same field.
 */
export const businessSettingsSchema = z.strictObject({
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
  /** E-mail signature choices (issue 22 §3); absent leaves them as they are. */
  signatureFields: z.optional(signatureFieldsSchema),
  signatureDisclaimer: z.optional(signatureDisclaimerSchema),
  /** The public card page's design and optional fields; absent leaves it as it is. */
  cardDesign: z.optional(cardDesignSchema),
  /** The public card page shows a small QR code of itself, to pass the card on in person; absent leaves it as it is. */
  cardPageQr: z.optional(z.boolean()),
});
export type BusinessSettingsInput = z.input<typeof businessSettingsSchema>;
export type BusinessSettings = z.output<typeof businessSettingsSchema>;

export const subscriptionStatuses = ['active', 'trialing', 'past_due', 'cancelled'] as const;

export const businessSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  industry: z.nullable(z.string()),
  website: z.nullable(z.string()),
  description: z.nullable(z.string()),
  logoUrl: z.nullable(z.string()),
  billingEmail: z.nullable(z.string()),
  billingAddress: z.nullable(z.string()),
  billingCity: z.nullable(z.string()),
  billingCountry: z.nullable(z.string()),
  billingPostalCode: z.nullable(z.string()),
  primaryColor: z.nullable(z.string()),
  secondaryColor: z.nullable(z.string()),
  accentColor: z.nullable(z.string()),
  signatureFields: signatureFieldsSchema,
  signatureDisclaimer: z.nullable(z.string()),
  cardDesign: cardDesignViewSchema,
  cardPageQr: z.boolean(),
  isActive: z.boolean(),
  subscriptionStatus: z.enum(subscriptionStatuses),
  employeeCount: z.int(),
  billableEmployeeCount: z.int(),
  cardCount: z.int(),
  activeCardCount: z.int(),
  scanCount: z.int(),
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** Brand colours (spec 2 §5): 3- or 6-digit hex with a leading #, empty → null. */
export const brandColorsSchema = z.object({
  primaryColor: optionalHexColor,
  secondaryColor: optionalHexColor,
  accentColor: optionalHexColor,
});

// An agency's billing (issue 20 §1, §2): who pays for each client, the agency's invoices and its volume tier.
import * as z from '../zod';
import { messages } from '../messages';
import { MAX_AGENCY_PRICE_CENTS } from '../pricing';
import { requiredEmailAddress } from './common';
import { invoiceSchema } from './invoice';

export const billedToOptions = ['agency', 'direct'] as const;
export type BilledTo = (typeof billedToOptions)[number];

/** The client's billing e-mail, asked for when a client without one is switched to billed directly (issue 40). */
const clientBillingEmail = requiredEmailAddress(messages.agencyBilling.billingEmailRequired, messages.businessForm.validEmail);

/** The dialog that asks for it: the same field the API takes. */
export const clientBillingEmailSchema = z.strictObject({ billingEmail: clientBillingEmail });
export type ClientBillingEmailInput = z.input<typeof clientBillingEmailSchema>;

/**
 * Who pays for a client: the agency on its monthly invoice, or the client directly. A client billed directly is billed
 * at its own billing e-mail: one without gets it here (the API refuses 'direct' without one), and its owner may change
 * it later in Company Settings.
 */
export const clientBillingInputSchema = z
  .strictObject({
    billedTo: z.enum(billedToOptions, { error: 'Billed to must be agency or direct' }),
    billingEmail: z.optional(clientBillingEmail),
  })
  .check(z.refine((input) => input.billingEmail === undefined || input.billedTo === 'direct', { message: messages.agencyBilling.billingEmailOnlyDirect, path: ['billingEmail'] }));
export type ClientBillingInput = z.output<typeof clientBillingInputSchema>;

export const clientBillingSchema = z.object({
  businessId: z.string(),
  agencyId: z.string(),
  billedTo: z.enum(billedToOptions),
  /** Where the client's own invoices go (null: it has none, so it can only be billed to the agency). */
  billingEmail: z.nullable(z.string()),
  /** Who changed it last (user id) and when; null while it is the default it was created with. */
  changedBy: z.nullable(z.string()),
  changedAt: z.nullable(z.string()),
});
export type ClientBilling = z.infer<typeof clientBillingSchema>;

/**
 * The agency's price for one client per user per month, in whole cents of the platform currency (USD); null goes back
 * to the list price. The web form takes dollars with two decimals and converts them with toCents.
 */
export const clientPriceInputSchema = z.strictObject({
  pricePerUserCents: z.nullable(
    z
      .int({ error: messages.agencyBilling.priceInvalid })
      .check(z.minimum(0, { error: messages.agencyBilling.priceInvalid }), z.maximum(MAX_AGENCY_PRICE_CENTS, { error: messages.agencyBilling.priceTooHigh })),
  ),
});
export type ClientPriceInput = z.output<typeof clientPriceInputSchema>;

export const clientPriceSchema = z.object({
  businessId: z.string(),
  agencyId: z.string(),
  pricePerUserCents: z.nullable(z.int()),
  changedBy: z.nullable(z.string()),
  changedAt: z.nullable(z.string()),
});
export type ClientPrice = z.infer<typeof clientPriceSchema>;

const volumeTierSchema = z.object({ fromUsers: z.int(), discountPercent: z.number() });

/** GET /api/agency/billing: the agency's invoices, newest first, and where it stands on its volume tiers. */
export const agencyBillingSchema = z.object({
  invoices: z.array(invoiceSchema),
  volume: z.object({
    /** Billable employees across the active clients billed to the agency (what the tier is chosen by). */
    billableEmployees: z.int(),
    tier: volumeTierSchema,
    next: z.nullable(volumeTierSchema),
    /** How many more billable users reach the next tier; null at the top tier. */
    usersToNext: z.nullable(z.int()),
  }),
});
export type AgencyBilling = z.infer<typeof agencyBillingSchema>;

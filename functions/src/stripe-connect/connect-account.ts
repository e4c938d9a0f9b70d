// Agency Settings → Payments: the agency's Stripe connected account. Connect with Stripe creates an Express account
// once (docs/decisions.md "Stripe Connect for agencies": why Express) and then a single-use account link for Stripe's
// hosted onboarding; Stripe sends the browser back to the agency page, whose Payments section shows the state the
// `account.updated` events recorded (connect-webhook.ts). For the agency's owner and admins; to anyone else 403.
import { stripeConnectMessages } from '../../../shared/messages/stripe-connect';
import type { StripeConnect, StripeOnboarding } from '../../../shared/schemas/stripe-connect';
import { stripe } from '../adapters/stripe';
import { assertManagesAgency } from '../agency/agency-access';
import { getAgency, type AgencyRecord } from '../agency/repository';
import { siteConfig } from '../config';
import type { Caller } from '../identity/caller';
import { notFound } from '../lib/errors';
import { setStripeAccount } from './repository';

/** Where Stripe sends the browser back: the agency page, which opens Agency Settings at Payments. */
export const RETURN_PATH = '/agency?stripe=return';
/** Where Stripe sends it when the link was used or expired: the same, saying so, with Continue with Stripe. */
export const REFRESH_PATH = '/agency?stripe=refresh';

async function managedAgency(caller: Caller, agencyId: string): Promise<AgencyRecord> {
  await assertManagesAgency(caller, agencyId, stripeConnectMessages.agencyNotFound);
  const agency = await getAgency(agencyId);
  if (!agency) throw notFound(stripeConnectMessages.agencyNotFound);
  return agency;
}

function toView(agency: AgencyRecord): StripeConnect {
  return {
    state: agency.stripeAccountId ? (agency.connectState ?? 'details_needed') : 'not_connected',
    accountId: agency.stripeAccountId ?? null,
    requirementsDue: agency.connectRequirementsDue ?? 0,
    updatedAt: agency.connectEventAt === undefined ? null : new Date(agency.connectEventAt * 1000).toISOString(),
  };
}

export async function getStripeConnect(caller: Caller, agencyId: string): Promise<StripeConnect> {
  return toView(await managedAgency(caller, agencyId));
}

/** The agency's website when Stripe would take it (http or https); Stripe refuses the whole call for a bad URL. */
function websiteOf(agency: AgencyRecord): string | undefined {
  try {
    return agency.website && ['http:', 'https:'].includes(new URL(agency.website).protocol) ? agency.website : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The agency's connected account: the stored one, else a new Express account with what Agency Settings already knows
 * prefilled. One idempotency key per agency, so a double click (or two admins) makes one account at Stripe.
 */
async function accountOf(agency: AgencyRecord): Promise<string> {
  if (agency.stripeAccountId) return agency.stripeAccountId;
  const website = websiteOf(agency);
  const account = await (
    await stripe()
  ).accounts.create(
    {
      type: 'express',
      ...(agency.email ? { email: agency.email } : {}),
      business_profile: { name: agency.name, ...(website ? { url: website } : {}) },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { agencyId: agency.agencyId },
    },
    { idempotencyKey: `connect-account-${agency.agencyId}` },
  );
  return setStripeAccount(agency.agencyId, account.id);
}

export async function startStripeOnboarding(caller: Caller, agencyId: string): Promise<StripeOnboarding> {
  const agency = await managedAgency(caller, agencyId);
  const account = await accountOf(agency);
  const origin = siteConfig().PUBLIC_ORIGIN;
  const link = await (await stripe()).accountLinks.create({ account, type: 'account_onboarding', return_url: `${origin}${RETURN_PATH}`, refresh_url: `${origin}${REFRESH_PATH}` });
  return { url: link.url };
}

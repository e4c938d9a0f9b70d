import { describe, expect, it } from 'vitest';
import { connectStateOf, connectedAccountSchema, requirementsDueOf } from './account-state';

describe('connectStateOf', () => {
  it('maps Stripe’s two flags to the four states the agency sees', () => {
    expect(connectStateOf({ details_submitted: false, charges_enabled: false })).toBe('details_needed');
    expect(connectStateOf({ details_submitted: true, charges_enabled: true })).toBe('charges_enabled');
    expect(connectStateOf({ details_submitted: true, charges_enabled: false })).toBe('restricted');
    // Stripe may enable charges before every detail is in (an account it pre-verified): charges enabled.
    expect(connectStateOf({ details_submitted: false, charges_enabled: true })).toBe('charges_enabled');
  });

  it('counts the requirements due now, and reads an account without requirements as none due', () => {
    const account = connectedAccountSchema.parse({ id: 'acct_1', charges_enabled: false, details_submitted: true, requirements: { currently_due: ['external_account', 'tos_acceptance.date'] } });
    expect(requirementsDueOf(account)).toBe(2);
    expect(requirementsDueOf(connectedAccountSchema.parse({ id: 'acct_2', charges_enabled: true, details_submitted: true }))).toBe(0);
  });

  it('refuses an object that is not a connected account', () => {
    expect(connectedAccountSchema.safeParse({ id: 'cus_1', charges_enabled: true, details_submitted: true }).success).toBe(false);
    expect(connectedAccountSchema.safeParse({ id: 'acct_1', charges_enabled: 'yes', details_submitted: true }).success).toBe(false);
  });
});

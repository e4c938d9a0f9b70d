// Company Settings writes (docs/access-patterns.md): the business and its billing-email guard in one transaction,
// then the fan-out that copies the business's public fields onto every card of the business.
import { db } from '../data/entities';
import { AppError } from '../lib/errors';
import { messages } from '../../../shared/messages';
import type { BusinessSettings } from '../../../shared/schemas/business';
import type { BusinessRecord, NewCard } from './repository';
import { searchTextOf } from './search-fields';
import { cardDesignOf, storedCardDesign } from './card-snapshot';
import { isConditionalFailure } from '../data/conditional';
import { auditPut, changedFields } from '../audit/audit-entry';

/** Company Settings fields, or the admin's Active/Inactive toggle. */
export type BusinessChanges = Partial<BusinessSettings> & { isActive?: boolean };

/**
 * Saves the settings (all of them, or some: a confirmed logo upload saves `logoUrl`) and bumps the brand version, only if nobody saved settings since `before` was read (a second
 * save at the same time gets 409, never a silent mix). A changed billing e-mail moves its guard in the same
 * transaction; an e-mail another business uses is refused with the onboarding message.
 */
export async function saveBusinessSettings(before: BusinessRecord, settings: BusinessChanges): Promise<number> {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (value === null || value === undefined) remove.push(key);
    else set[key] = value;
  }
  if (settings.cardDesign) set.cardDesign = storedCardDesign(settings.cardDesign);
  // The admin search's lower-cased copies follow the name and the industry.
  if (settings.name) set.searchText = searchTextOf(settings.name, before.ownerEmail);
  if ('industry' in settings) {
    if (settings.industry) set.industryKey = settings.industry.trim().toLowerCase();
    else remove.push('industryKey');
  }
  const version = before.brandVersion ?? 0;
  const oldEmail = before.billingEmail ?? null;
  // A partial save (the logo upload) leaves the billing e-mail as it is.
  const newEmail = 'billingEmail' in settings ? (settings.billingEmail ?? null) : oldEmail;
  let guardCreateIndex = -1;
  // The design is compared as the API shows it (a business that never chose has the default one).
  const fields = changedFields({ ...before, cardDesign: cardDesignOf(before.cardDesign) } as unknown as BusinessChanges, settings, Object.keys(settings) as (keyof BusinessChanges & string)[]);
  const only = fields.length === 1 ? fields[0] : null;
  const action = only === 'logoUrl' ? 'business.logoUpdated' : only === 'isActive' ? 'business.statusChanged' : 'business.settingsUpdated';

  const result = await db()
    .service.transaction.write(({ business, billingEmailGuard, auditEntry }) => {
      const items = [
        business
          .patch({ businessId: before.businessId })
          .set({ ...set, brandVersion: version + 1 })
          .remove(remove as never)
          .where((attr, { eq, ne, notExists }) => {
            const current = version === 0 ? `(${notExists(attr.brandVersion)} OR ${eq(attr.brandVersion, 0)})` : eq(attr.brandVersion, version);
            // A client billed directly keeps its billing e-mail (issue 40), also against a payer change at the same time.
            return oldEmail && !newEmail ? `${current} AND (${notExists(attr.managingAgencyBilledTo)} OR ${ne(attr.managingAgencyBilledTo, 'direct')})` : current;
          })
          .commit(),
      ];
      if (oldEmail !== newEmail) {
        if (oldEmail) {
          items.push(
            billingEmailGuard
              .delete({ billingEmail: oldEmail })
              .where((attr, { eq }) => eq(attr.businessId, before.businessId))
              .commit() as never,
          );
        }
        if (newEmail) {
          guardCreateIndex = items.length;
          items.push(billingEmailGuard.create({ billingEmail: newEmail, businessId: before.businessId }).commit() as never);
        }
      }
      if (fields.length > 0) items.push(auditPut(auditEntry, { businessId: before.businessId, action, target: { type: 'business', id: before.businessId, label: settings.name ?? before.name }, fields }) as never);
      return items;
    })
    .go();
  if (result.canceled) {
    const outcomes = result.data as { rejected?: boolean }[];
    if (guardCreateIndex >= 0 && outcomes[guardCreateIndex]?.rejected) {
      throw new AppError('BILLING_EMAIL_TAKEN', messages.businessForm.emailTaken, { billingEmail: messages.businessForm.emailTaken });
    }
    throw new AppError('CONFLICT', messages.settings.changedMeanwhile);
  }
  return version + 1;
}

/** Cards updated per flight: enough to finish 1,000 cards in a few seconds, few enough not to be throttled. */
const FAN_OUT_CONCURRENCY = 10;

/**
 * Copies the business's public fields onto every card of the business (one Query page of cards at a time, their
 * updates in parallel flights). Each write only replaces an older copy (brandVersion below `version`), so a slow
 * fan-out of an earlier save can never overwrite a newer one, and running it twice changes nothing.
 */
export async function fanOutBusinessToCards(businessId: string, copy: NewCard['business'], version: number): Promise<number> {
  const { card } = db();
  let updated = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { cardId: string }[]; cursor: string | null } = await card.query.dashboard({ businessId }).go({ cursor, limit: 100, attributes: ['cardId'] });
    for (let i = 0; i < page.data.length; i += FAN_OUT_CONCURRENCY) {
      const flight = page.data.slice(i, i + FAN_OUT_CONCURRENCY);
      const outcomes = await Promise.allSettled(
        flight.map(({ cardId }) =>
          card
            .patch({ cardId })
            .set({ business: copy, brandVersion: version })
            .where((attr, { lt, notExists }) => `(${notExists(attr.brandVersion)} OR ${lt(attr.brandVersion, version)})`)
            .go({ response: 'none' }),
        ),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') updated++;
        // A newer copy is already there, or the card was deleted meanwhile: nothing to do.
        else if (!isConditionalFailure(outcome.reason)) throw outcome.reason;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return updated;
}

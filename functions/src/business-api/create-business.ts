// Business onboarding: the caller becomes the owner of a new business (spec 1 §2 Business onboarding).
import type { Business, BusinessForm } from '../../../shared/schemas/business';
import { addUserToGroup, setAccountTypeAttribute } from '../adapters/cognito';
import { assertMayOwnBusiness } from '../identity/access';
import type { Caller } from '../identity/caller';
import { createProfileIfMissing, setAccountType } from '../identity/repository';
import { messages } from '../../../shared/messages';
import { AppError, forbidden } from '../lib/errors';
import { leftBusinessOf } from '../leavers/recognise-leaver';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { compact } from '../lib/values';
import { toBusinessDto } from '../business/dto';
import { createBusinessWithOwner, getBusiness } from '../business/repository';
import { searchFieldsOf } from '../business/search-fields';

export async function createBusiness(caller: Caller, form: BusinessForm): Promise<Business> {
  // A leaver, also one signing in with a new account (no employee account type yet: the records say who they are).
  if (!caller.memberships.length && (await leftBusinessOf(caller))) throw forbidden(messages.leavers.cannotSetUpBusiness);
  if (!caller.emailVerified) throw new AppError('FORBIDDEN', 'Please confirm your email address first.');
  if (caller.memberships.some((m) => m.scopeType === 'business' && m.role === 'owner')) {
    throw new AppError('CONFLICT', 'You already have a business.');
  }
  assertMayOwnBusiness(caller);
  const businessId = newId();
  const fields = compact(form);
  await createBusinessWithOwner({ businessId, ownerId: caller.userId, ownerEmail: caller.email, ...fields, ...searchFieldsOf({ ...fields, ownerEmail: caller.email }) });

  await createProfileIfMissing({ userId: caller.userId, email: caller.email, displayName: caller.email, accountType: 'business' });
  await setAccountType(caller.userId, 'business');
  // Cognito mirrors of the table's truth; a failure here is logged, the business stays created.
  await Promise.all([
    addUserToGroup(caller.username, 'owner'),
    setAccountTypeAttribute(caller.username, 'business'),
  ]).catch((error: Error) => logger.warn('could not update Cognito for new owner', { error }));

  const stored = await getBusiness(businessId);
  if (!stored) throw new AppError('INTERNAL', 'Business was not stored.');
  return toBusinessDto(stored);
}

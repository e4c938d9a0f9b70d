// A deleted business's single sign-on goes with it: its providers leave the app client and the user pool, and its
// domain claims (with its hold on a verified domain) and connection are deleted, so the domain's owner can prove it
// again. Its people's memberships and sessions go with the rest of the business (admin/delete-business.ts), so the
// links a provider made are not unlinked one by one here.
import { deleteIdentityProvider, setClientProvider } from './identity-providers';
import { deleteSsoConnection, deleteSsoDomain, getSsoConnection, listAllSsoDomainsOfBusiness, providerNamesOf } from './repository';

/** Removes the business's providers, claims and connection; returns how many table items were deleted. Safe to run again. */
export async function removeSsoOfBusiness(businessId: string): Promise<number> {
  for (const providerName of providerNamesOf(await getSsoConnection(businessId))) {
    await setClientProvider(providerName, false);
    await deleteIdentityProvider(providerName);
  }
  let items = 0;
  for (const claim of await listAllSsoDomainsOfBusiness(businessId)) {
    if (await deleteSsoDomain(claim.domain, businessId, claim.domainId, Boolean(claim.verifiedAt))) items += claim.verifiedAt ? 2 : 1;
  }
  if (await deleteSsoConnection(businessId)) items += 1;
  return items;
}

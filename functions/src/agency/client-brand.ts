// White-label (issue 21 §1): an agency that turns it on shows its brand instead of CardCrew's to its clients and their
// people. Its brand is copied onto each client's business item (like a business's brand onto its cards), so every
// path that already reads the business — mails, the dashboard, the portal — has it without another read or another
// permission. One agency brands a client: the first to claim it (a conditional write), until it turns white-label off.
import { listClientLinks, type AgencyRecord } from './repository';
import { db } from '../data/entities';
import { isConditionalFailure } from '../data/conditional';
import { setAndRemove } from '../lib/values';
import { brandOfAgencyFor, type ClientBrand } from './brand';

/** Clients updated at once while an agency's save fans its brand out. */
const FAN_OUT_CONCURRENCY = 25;

/**
 * Puts the agency's brand on one client (or takes it off), unless another agency brands that client. Returns whether
 * the client now shows this agency's brand.
 */
export async function applyBrandToClient(agencyId: string, businessId: string, brand: ClientBrand | null): Promise<boolean> {
  const patch = db().business.patch({ businessId });
  try {
    if (brand) {
      const { set, remove } = setAndRemove({
        whiteLabelAgencyId: agencyId,
        whiteLabelName: brand.name,
        whiteLabelSupportEmail: brand.supportEmail,
        whiteLabelSupportUrl: brand.supportUrl,
        whiteLabelLogoUrl: brand.logoUrl,
        whiteLabelFaviconUrl: brand.faviconUrl,
        whiteLabelPrimaryColor: brand.colors?.primaryColor,
        whiteLabelSecondaryColor: brand.colors?.secondaryColor,
        whiteLabelAccentColor: brand.colors?.accentColor,
        whiteLabelSenderDomain: brand.senderDomain,
      });
      await patch
        .set(set)
        .remove(remove as never)
        .where(({ whiteLabelAgencyId }, { notExists, eq }) => `${notExists(whiteLabelAgencyId)} OR ${eq(whiteLabelAgencyId, agencyId)}`)
        .go();
      return true;
    }
    await patch
      .remove(['whiteLabelAgencyId', 'whiteLabelName', 'whiteLabelSupportEmail', 'whiteLabelSupportUrl', 'whiteLabelLogoUrl', 'whiteLabelFaviconUrl', 'whiteLabelPrimaryColor', 'whiteLabelSecondaryColor', 'whiteLabelAccentColor', 'whiteLabelSenderDomain'])
      .where(({ whiteLabelAgencyId }, { eq }) => eq(whiteLabelAgencyId, agencyId))
      .go();
    return false;
  } catch (error) {
    // Another agency brands this client, or (taking it off) this agency never did: nothing to change.
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * After an agency's save: every client shows its current brand (or CardCrew's again when it turned white-label off),
 * each after its own override on the link (issue 21 §1 "a per-client override in its client list").
 */
export async function applyBrandToClients(agency: AgencyRecord): Promise<void> {
  const links = await listClientLinks(agency.agencyId);
  for (let i = 0; i < links.length; i += FAN_OUT_CONCURRENCY) {
    await Promise.all(
      links.slice(i, i + FAN_OUT_CONCURRENCY).map((link) => applyBrandToClient(agency.agencyId, link.businessId, brandOfAgencyFor(agency, link.whiteLabel))),
    );
  }
}

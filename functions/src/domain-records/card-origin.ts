// Which origin a business's new QR codes and card links use: its managing agency's custom domain once that is active,
// the platform's otherwise. Read where a QR code is made (business, custom domains, directory sync) and where a
// client's person signs out. The managing agency is the copy on the business item (the oldest agency link's).
import { db } from '../data/entities';
import { activeDomainOriginOf } from './client-origin';

/** The origin of the oldest active custom domain of the agency managing `businessId`, or null. */
export async function customOriginOfBusiness(businessId: string): Promise<string | null> {
  const { data } = await db().business.get({ businessId }).go({ attributes: ['managingAgencyId'] });
  return data?.managingAgencyId ? activeDomainOriginOf(data.managingAgencyId) : null;
}

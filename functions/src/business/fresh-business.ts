// Writes that copy the business's public fields onto a card run against the business as it is: if Company Settings
// changed it between the read and the write (StaleBrandError), the business is read again and the write retried.
import { notFound } from '../lib/errors';
import { getBusiness, StaleBrandError, type BusinessRecord } from './repository';

const ATTEMPTS = 3;

export async function withFreshBusiness<T>(businessId: string, write: (business: BusinessRecord) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const business = await getBusiness(businessId);
    if (!business) throw notFound('Business not found.');
    try {
      return await write(business);
    } catch (error) {
      if (!(error instanceof StaleBrandError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

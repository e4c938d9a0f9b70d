// The media objects an employee owns (QR images of their card, their photo) and their removal.
import { deleteMediaObjects, mediaKeyOf } from '../adapters/media';
import { imageOwnerFolder, storedImageKeys } from '../adapters/media-keys';
import type { CardRecord, EmployeeRecord } from './repository';

/** Every rendition of the employee's stored photo (none for a URL outside this employee's media). */
export function photoKeysOf(employee: Pick<EmployeeRecord, 'businessId' | 'employeeId' | 'photoUrl'>): string[] {
  return storedImageKeys(employee.photoUrl, imageOwnerFolder('photo', employee.businessId, employee.employeeId));
}

/** The keys of a card's QR images. */
export function qrKeysOf(card: Pick<CardRecord, 'qrCodeUrl' | 'qrSvgUrl'>): string[] {
  return [card.qrCodeUrl, card.qrSvgUrl].flatMap((url) => (url ? (mediaKeyOf(url) ?? []) : []));
}

/** Deletes media objects, trying twice more on failure (DeleteObjects is idempotent: a gone key is no error). */
export async function deleteEmployeeMedia(keys: readonly string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await deleteMediaObjects(keys);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

// Confirming a business logo or employee photo upload (issue 8 §2): only the user who started it, for the business
// it was started for; the bytes are checked and re-encoded by processUpload before anything points at them.
import type { UploadResult } from '../../../shared/schemas/media';
import { deleteMediaObjects } from '../adapters/media';
import { applyBusinessChanges } from '../business/update-business-settings';
import { saveEmployee } from '../business/update-employee';
import { getBusiness, getEmployee } from '../business/repository';
import { cardDesignOf } from '../business/card-snapshot';
import type { Caller } from '../identity/caller';
import { notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { imageOwnerFolder, storedImageKeys, renditionFolder, uploadKey } from '../adapters/media-keys';
import { processUpload } from './process-upload';
import { getUpload } from './repository';
import { assertMayUpload } from './start-upload';

export async function confirmUpload(caller: Caller, businessId: string, uploadId: string): Promise<UploadResult> {
  const upload = await getUpload(uploadId);
  // Someone else's upload, or one of another business (or an agency's), is as unknown to this caller as a made-up id.
  // (A favicon is an agency's: a business never starts one.)
  if (!upload || upload.businessId !== businessId || upload.userId !== caller.userId || upload.purpose === 'favicon') throw notFound('Upload not found.');
  const purpose = upload.purpose;
  await assertMayUpload(caller, businessId, purpose, upload.employeeId);

  const url = await processUpload({
    uploadId,
    key: uploadKey(businessId, uploadId),
    purpose,
    folder: renditionFolder(purpose, businessId, upload.employeeId),
    pointAt: (stored) => pointAt(purpose, businessId, upload.employeeId, stored),
  });
  return { purpose, url };
}

/** Points the business's logo or cover, or the employee's photo, at the new renditions (and every card, via the save paths). */
async function pointAt(purpose: 'logo' | 'photo' | 'cover', businessId: string, employeeId: string | undefined, url: string): Promise<void> {
  if (purpose === 'cover') {
    const before = await getBusiness(businessId);
    if (!before) throw notFound('Business not found.');
    await applyBusinessChanges(before, { cardDesign: { ...cardDesignOf(before.cardDesign), coverUrl: url } });
    await deleteMediaObjects(storedImageKeys(before.cardDesign?.coverUrl, imageOwnerFolder('cover', businessId))).catch((error: Error) => logger.warn('replaced cover was not deleted', { businessId, error }));
    return;
  }
  if (purpose === 'logo') {
    const before = await getBusiness(businessId);
    if (!before) throw notFound('Business not found.');
    await applyBusinessChanges(before, { logoUrl: url });
    await deleteMediaObjects(storedImageKeys(before.logoUrl, imageOwnerFolder('logo', businessId))).catch((error: Error) => logger.warn('replaced logo was not deleted', { businessId, error }));
    return;
  }
  const employee = employeeId ? await getEmployee(employeeId) : null;
  if (!employee || employee.businessId !== businessId) throw notFound('Employee not found.');
  // saveEmployee deletes the photo it replaces.
  await saveEmployee(employee, {
    name: employee.name,
    email: employee.email,
    phone: employee.phone ?? null,
    officePhone: employee.officePhone ?? null,
    mobilePhone: employee.mobilePhone ?? null,
    jobTitle: employee.jobTitle ?? null,
    department: employee.department ?? null,
    linkedinProfile: employee.linkedinProfile ?? null,
    photoUrl: url,
    role: employee.role,
    status: employee.status,
  });
}

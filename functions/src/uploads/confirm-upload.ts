// Confirming an upload (issue 8 §2): the server re-reads what the browser sent, refuses anything that is not a JPEG,
// PNG, WebP or GIF by its bytes or is over 5 MB, stores metadata-free WebP renditions (and one JPEG for the vCard)
// under a new version, and only then points the business's logo or the employee's photo at them. The raw upload is
// deleted whatever the outcome, so nothing the user sent is ever served or left behind.
import sharp from 'sharp';
import { messages } from '../../../shared/messages';
import { MAX_UPLOAD_BYTES, type UploadResult } from '../../../shared/schemas/media';
import { deleteMediaObjects, putMediaObject } from '../adapters/media';
import { applyBusinessChanges } from '../business/update-business-settings';
import { saveEmployee } from '../business/update-employee';
import { getBusiness, getEmployee } from '../business/repository';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { storedImageKeys, JPEG_NAME, renditionFolder, uploadKey } from './media-keys';
import { normaliseImage } from './normalise-image';
import { getUpload, readUploadedObject, takeUpload } from './repository';
import { assertMayUpload } from './start-upload';

export async function confirmUpload(caller: Caller, businessId: string, uploadId: string): Promise<UploadResult> {
  const upload = await getUpload(uploadId);
  // Someone else's upload, or one of another business, is as unknown to this caller as a made-up id.
  if (!upload || upload.businessId !== businessId || upload.userId !== caller.userId) throw notFound('Upload not found.');
  await assertMayUpload(caller, businessId, upload.purpose, upload.employeeId);

  const key = uploadKey(businessId, uploadId);
  try {
    // One use per upload: a second confirm (or one racing this) finds the record gone.
    if (!(await takeUpload(uploadId))) throw notFound('Upload not found.');
    const object = await readUploadedObject(key, MAX_UPLOAD_BYTES);
    if (!object) throw new AppError('VALIDATION_FAILED', 'No file was uploaded for this upload.', { file: 'No file was uploaded.' });
    if (!object.bytes) throw new AppError('PAYLOAD_TOO_LARGE', messages.upload.tooLarge, { file: messages.upload.tooLargeTitle });
    const renditions = await normaliseImage(object.bytes, upload.purpose);

    const folder = renditionFolder(upload.purpose, businessId, upload.employeeId);
    const largest = renditions.reduce((a, b) => (b.size > a.size ? b : a));
    const jpeg = await sharp(largest.body).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    const [url] = await Promise.all([
      putMediaObject(`${folder}/${largest.size}.webp`, largest.body, 'image/webp'),
      ...renditions.filter((r) => r !== largest).map((r) => putMediaObject(`${folder}/${r.size}.webp`, r.body, 'image/webp')),
      putMediaObject(`${folder}/${JPEG_NAME}`, jpeg, 'image/jpeg'),
    ]);
    await pointAt(upload.purpose, businessId, upload.employeeId, url!);
    return { purpose: upload.purpose, url: url! };
  } finally {
    await deleteMediaObjects([key]).catch((error: Error) => logger.warn('raw upload was not deleted', { uploadId, error }));
  }
}

/** Points the business's logo or the employee's photo at the new renditions (and every card, via the save paths). */
async function pointAt(purpose: 'logo' | 'photo', businessId: string, employeeId: string | undefined, url: string): Promise<void> {
  try {
    if (purpose === 'logo') {
      const before = await getBusiness(businessId);
      if (!before) throw notFound('Business not found.');
      await applyBusinessChanges(before, { logoUrl: url });
      await deleteMediaObjects(storedImageKeys(before.logoUrl)).catch((error: Error) => logger.warn('replaced logo was not deleted', { businessId, error }));
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
  } catch (error) {
    // Nothing points at the new renditions: remove them rather than leave them behind.
    await deleteMediaObjects(storedImageKeys(url)).catch(() => undefined);
    throw error;
  }
}

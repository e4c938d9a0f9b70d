// Starting a logo or photo upload (issue 8 §2; agency logos, issue 9): checks who may upload what, records the upload and signs a presigned
// POST for exactly one key, with the size limit and content type in the signed policy, valid for ten minutes.
import { MAX_UPLOAD_BYTES, type UploadStart, type UploadTicket } from '../../../shared/schemas/media';
import { s3 } from '../adapters/media';
import { s3PresignedPostSdk } from '../adapters/sdk';
import { getEmployee } from '../business/repository';
import { mediaConfig } from '../config';
import type { Caller } from '../identity/caller';
import { assertMay } from '../identity/access';
import { AppError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { uploadKey } from '../adapters/media-keys';
import { putUpload } from './repository';

const TICKET_SECONDS = 600;
/** An unconfirmed upload's record and object are gone after a day (TTL, and the bucket's lifecycle rule). */
const UPLOAD_RECORD_SECONDS = 24 * 60 * 60;

/** Logos and covers: whoever may change its settings. Photos: whoever may manage its employees, or the employee whose photo it is. */
export async function assertMayUpload(caller: Caller, businessId: string, purpose: 'logo' | 'photo' | 'cover', employeeId?: string): Promise<void> {
  const ownPhoto =
    purpose === 'photo' && caller.memberships.some((m) => m.scopeType === 'business' && m.scopeId === businessId && m.employeeId === employeeId);
  if (!ownPhoto) await assertMay(caller, businessId, purpose === 'photo' ? 'employees' : 'settings');
  if (purpose === 'photo') {
    const employee = employeeId ? await getEmployee(employeeId) : null;
    if (!employee || employee.businessId !== businessId) throw notFound('Employee not found.');
  }
}

export async function startUpload(caller: Caller, businessId: string, input: UploadStart, now = new Date()): Promise<UploadTicket> {
  if (input.purpose === 'favicon') throw new AppError('VALIDATION_FAILED', 'A business uploads its logo and photos.', { purpose: 'A business uploads its logo and photos.' });
  await assertMayUpload(caller, businessId, input.purpose, input.employeeId);
  return openUpload(caller, { businessId, employeeId: input.employeeId }, input, now);
}

/**
 * Records who started an upload for whom, and signs a presigned POST for exactly `uploads/{scope}/{upload}` with the
 * size limit and content type in its policy. The caller has already been checked.
 */
export async function openUpload(
  caller: Caller,
  owner: { businessId: string; employeeId?: string } | { agencyId: string },
  input: Pick<UploadStart, 'contentType' | 'purpose'>,
  now: Date,
): Promise<UploadTicket> {
  const uploadId = newId();
  await putUpload({
    uploadId,
    ...owner,
    purpose: input.purpose,
    userId: caller.userId,
    expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_RECORD_SECONDS,
  });
  const scopeId = 'agencyId' in owner ? owner.agencyId : owner.businessId;
  const { createPresignedPost } = await s3PresignedPostSdk();
  const { url, fields } = await createPresignedPost(await s3(), {
    Bucket: mediaConfig().MEDIA_BUCKET,
    Key: uploadKey(scopeId, uploadId),
    Conditions: [
      ['content-length-range', 1, MAX_UPLOAD_BYTES],
      ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: TICKET_SECONDS,
  });
  return { uploadId, url, fields, maxBytes: MAX_UPLOAD_BYTES };
}

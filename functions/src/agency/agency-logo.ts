// The agency's logo upload (spec 2 §2 Agency Settings): the same safe path as business logos — a presigned POST for
// one key, then a confirm call that checks and re-encodes the bytes before the agency points at them.
import type { UploadRequest, UploadResult, UploadTicket } from '../../../shared/schemas/media';
import { deleteMediaObjects } from '../adapters/media';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { imageOwnerFolder, renditionFolder, storedImageKeys, uploadKey } from '../uploads/media-keys';
import { processUpload } from '../uploads/process-upload';
import { getUpload } from '../uploads/repository';
import { openUpload } from '../uploads/start-upload';
import { agencyIdOf } from './agency-access';
import { applyBrandToClients } from '../white-label/client-brand';
import { getAgency, setAgencyLogo } from './repository';

/** The agency must exist (its settings saved once): the logo is stored on it. */
async function agencyOf(caller: Caller): Promise<string> {
  const agencyId = agencyIdOf(caller);
  if (!agencyId || !(await getAgency(agencyId))) throw new AppError('CONFLICT', 'Save your agency settings before uploading a logo.');
  return agencyId;
}

export async function startAgencyLogoUpload(caller: Caller, input: UploadRequest, now = new Date()): Promise<UploadTicket> {
  if (input.purpose !== 'logo') throw new AppError('VALIDATION_FAILED', 'An agency uploads only its logo.', { purpose: 'An agency uploads only its logo.' });
  const agencyId = await agencyOf(caller);
  return openUpload(caller, { agencyId }, input, now);
}

export async function confirmAgencyLogoUpload(caller: Caller, uploadId: string): Promise<UploadResult> {
  const agencyId = agencyIdOf(caller);
  const upload = await getUpload(uploadId);
  // Another user's upload, or a business's, is as unknown to this caller as a made-up id.
  if (!agencyId || !upload || upload.agencyId !== agencyId || upload.userId !== caller.userId) throw notFound('Upload not found.');

  const url = await processUpload({
    uploadId,
    key: uploadKey(agencyId, uploadId),
    purpose: 'logo',
    folder: renditionFolder('logo', agencyId),
    pointAt: async (stored) => {
      const before = await getAgency(agencyId);
      if (!before) throw notFound('Agency not found.');
      await setAgencyLogo(agencyId, stored);
      // Its white-labelled clients (by the agency's switch or their own override) show the new logo too.
      await applyBrandToClients({ ...before, logoUrl: stored });
      await deleteMediaObjects(storedImageKeys(before.logoUrl, imageOwnerFolder('logo', agencyId))).catch((error: Error) =>
        logger.warn('replaced agency logo was not deleted', { agencyId, error }),
      );
    },
  });
  return { purpose: 'logo', url };
}

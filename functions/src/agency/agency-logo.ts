// The agency's logo upload (spec 2 §2 Agency Settings): the same safe path as business logos — a presigned POST for
// one key, then a confirm call that checks and re-encodes the bytes before the agency points at them. The logo brings a
// favicon derived from it (32, 180, 512 px PNGs); the agency may upload its own square favicon instead (issue 21 §1).
import type { UploadRequest, UploadResult, UploadTicket } from '../../../shared/schemas/media';
import { deleteMediaObjects } from '../adapters/media';
import type { Caller } from '../identity/caller';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { imageOwnerFolder, renditionFolder, storedImageKeys, uploadKey } from '../adapters/media-keys';
import { processUpload } from '../uploads/process-upload';
import { getUpload } from '../uploads/repository';
import { openUpload } from '../uploads/start-upload';
import { agencyIdOf } from './agency-access';
import { applyBrandToClients } from './client-brand';
import { getAgency, setAgencyFavicon, setAgencyLogo } from './repository';

/** The agency must exist (its settings saved once): the logo is stored on it. */
async function agencyOf(caller: Caller): Promise<string> {
  const agencyId = agencyIdOf(caller);
  if (!agencyId || !(await getAgency(agencyId))) throw new AppError('CONFLICT', 'Save your agency settings before uploading a logo.');
  return agencyId;
}

export async function startAgencyLogoUpload(caller: Caller, input: UploadRequest, now = new Date()): Promise<UploadTicket> {
  if (input.purpose === 'photo' || input.purpose === 'cover') throw new AppError('VALIDATION_FAILED', 'An agency uploads only its logo and favicon.', { purpose: 'An agency uploads only its logo and favicon.' });
  const agencyId = await agencyOf(caller);
  return openUpload(caller, { agencyId }, input, now);
}

export async function confirmAgencyLogoUpload(caller: Caller, uploadId: string): Promise<UploadResult> {
  const agencyId = agencyIdOf(caller);
  const upload = await getUpload(uploadId);
  // Another user's upload, or a business's, is as unknown to this caller as a made-up id.
  if (!agencyId || !upload || upload.agencyId !== agencyId || upload.userId !== caller.userId) throw notFound('Upload not found.');

  if (upload.purpose === 'favicon') {
    const url = await processUpload({
      uploadId,
      key: uploadKey(agencyId, uploadId),
      purpose: 'favicon',
      folder: renditionFolder('favicon', agencyId),
      pointAt: async (stored) => {
        const before = await getAgency(agencyId);
        if (!before) throw notFound('Agency not found.');
        await setAgencyFavicon(agencyId, { faviconUrl: stored });
        await applyBrandToClients({ ...before, faviconUrl: stored });
        await deleteReplaced(before.faviconUrl, 'favicon', agencyId);
      },
    });
    return { purpose: 'favicon', url };
  }

  const url = await processUpload({
    uploadId,
    key: uploadKey(agencyId, uploadId),
    purpose: 'logo',
    folder: renditionFolder('logo', agencyId),
    withFavicon: true,
    pointAt: async (stored, logoFaviconUrl) => {
      const before = await getAgency(agencyId);
      if (!before) throw notFound('Agency not found.');
      await setAgencyLogo(agencyId, stored);
      await setAgencyFavicon(agencyId, { logoFaviconUrl });
      // Its white-labelled clients (by the agency's switch or their own override) show the new logo too.
      await applyBrandToClients({ ...before, logoUrl: stored, logoFaviconUrl });
      await deleteReplaced(before.logoUrl, 'logo', agencyId);
    },
  });
  return { purpose: 'logo', url };
}

async function deleteReplaced(url: string | undefined, purpose: 'logo' | 'favicon', agencyId: string): Promise<void> {
  await deleteMediaObjects(storedImageKeys(url, imageOwnerFolder(purpose, agencyId))).catch((error: Error) =>
    logger.warn(`replaced agency ${purpose} was not deleted`, { agencyId, error }),
  );
}

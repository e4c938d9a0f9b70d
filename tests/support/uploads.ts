// Uploads as the browser makes them: start an upload through the API, then POST the file to the presigned URL
// (the local S3), optionally confirm. Test images are made with sharp.
import sharp from 'sharp';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { api, runtime, type TestUser } from './runtime';

/** A real PNG of `size`×`size` pixels in one colour. */
export function pngImage(size = 64, colour = '#1e40af'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } }).png().toBuffer();
}

/** Starts an upload and sends `body` to its presigned POST as `contentType`; returns the upload id and S3's status. */
export async function sendUpload(user: TestUser, businessId: string, purpose: 'logo' | 'photo' | 'favicon' | 'cover', body: Buffer, options: { contentType?: string; employeeId?: string; declaredSize?: number; startPath?: string } = {}) {
  const contentType = options.contentType ?? 'image/png';
  const ticket = await api('POST', options.startPath ?? `/api/businesses/${businessId}/uploads`, {
    user,
    body: { contentType, size: options.declaredSize ?? body.byteLength, purpose, ...(options.employeeId ? { employeeId: options.employeeId } : {}) },
  });
  if (ticket.status !== 201) throw new Error(`upload not started: ${ticket.status} ${ticket.text}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: contentType }), 'upload');
  const sent = await fetch(ticket.body.url, { method: 'POST', body: form });
  return { uploadId: ticket.body.uploadId as string, s3Status: sent.status, ticket: ticket.body as { url: string; fields: Record<string, string>; maxBytes: number } };
}

/** Starts and sends a small PNG; the confirm call is left to the caller. */
export async function uploadPng(user: TestUser, businessId: string, purpose: 'logo' | 'photo', employeeId?: string): Promise<string> {
  const { uploadId, s3Status } = await sendUpload(user, businessId, purpose, await pngImage(), { employeeId });
  if (s3Status >= 300) throw new Error(`the local S3 refused the upload: ${s3Status}`);
  return uploadId;
}

export function confirmUpload(user: TestUser, businessId: string, uploadId: string) {
  return api('POST', `/api/businesses/${businessId}/uploads/${uploadId}/confirm`, { user, body: {} });
}

/** Starts and sends the agency's logo or favicon (a small PNG unless `body` is given); the confirm call is left to the caller. */
export async function uploadAgencyLogo(user: TestUser, body?: Buffer, purpose: 'logo' | 'favicon' = 'logo'): Promise<string> {
  const { uploadId, s3Status } = await sendUpload(user, '', purpose, body ?? (await pngImage()), { startPath: '/api/agency/uploads' });
  if (s3Status >= 300) throw new Error(`the local S3 refused the upload: ${s3Status}`);
  return uploadId;
}

/** The media bucket's keys under a prefix, sorted. */
export async function mediaKeys(prefix: string): Promise<string[]> {
  const { s3 } = await import('../../functions/src/adapters/media');
  const listed = await (await s3()).send(new ListObjectsV2Command({ Bucket: runtime.env.MEDIA_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

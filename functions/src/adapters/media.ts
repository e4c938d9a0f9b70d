// The media bucket: objects the public may read through /media/* (QR images, logos, photos).
import type { S3Client } from '@aws-sdk/client-s3';
import { localClientOptions, mediaConfig, runtimeConfig, S3RVER_CREDENTIALS } from '../config';
import { lazy } from '../lib/lazy';
import { s3Sdk } from './sdk';

/** The media bucket's client; the S3 SDK loads with it, on first use (functions/src/adapters/sdk.ts). */
export const s3 = lazy(async (): Promise<S3Client> => {
  const { S3Client } = await s3Sdk();
  const c = mediaConfig();
  return new S3Client({ region: runtimeConfig().AWS_REGION, forcePathStyle: Boolean(c.S3_ENDPOINT), ...localClientOptions(c.S3_ENDPOINT, S3RVER_CREDENTIALS) });
});

/** Stores an object under `key` and returns its public URL (served by CloudFront /media/*). */
export async function putMediaObject(key: string, body: Uint8Array | string, contentType: string): Promise<string> {
  const { PutObjectCommand } = await s3Sdk();
  await (await s3()).send(
    new PutObjectCommand({
      Bucket: mediaConfig().MEDIA_BUCKET,
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  return mediaUrl(key);
}

export function mediaUrl(key: string): string {
  return `${mediaConfig().MEDIA_BASE_URL.replace(/\/$/, '')}/${key}`;
}

/** The key of a URL mediaUrl built; null for any other URL. */
export function mediaKeyOf(url: string): string | null {
  const base = `${mediaConfig().MEDIA_BASE_URL.replace(/\/$/, '')}/`;
  return url.startsWith(base) && url.length > base.length ? url.slice(base.length) : null;
}

/** Deletes media objects (one request for up to 1,000 keys). */
export async function deleteMediaObjects(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const { DeleteObjectsCommand } = await s3Sdk();
  await (await s3()).send(new DeleteObjectsCommand({ Bucket: mediaConfig().MEDIA_BUCKET, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}

/** Reads a media object (the local runtime serves /media/* through this). */
export async function getMediaObject(key: string) {
  const { GetObjectCommand } = await s3Sdk();
  return (await s3()).send(new GetObjectCommand({ Bucket: mediaConfig().MEDIA_BUCKET, Key: key }));
}

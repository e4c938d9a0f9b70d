// The media bucket: objects the public may read through /media/* (QR images, logos, photos).
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localClientOptions, mediaConfig, runtimeConfig, S3RVER_CREDENTIALS } from '../config';

let client: S3Client | undefined;

export function s3(): S3Client {
  const c = mediaConfig();
  client ??= new S3Client({ region: runtimeConfig().AWS_REGION, forcePathStyle: Boolean(c.S3_ENDPOINT), ...localClientOptions(c.S3_ENDPOINT, S3RVER_CREDENTIALS) });
  return client;
}

/** Stores an object under `key` and returns its public URL (served by CloudFront /media/*). */
export async function putMediaObject(key: string, body: Uint8Array | string, contentType: string): Promise<string> {
  await s3().send(
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
  await s3().send(new DeleteObjectsCommand({ Bucket: mediaConfig().MEDIA_BUCKET, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}

/** Reads a media object (the local runtime serves /media/* through this). */
export async function getMediaObject(key: string) {
  return s3().send(new GetObjectCommand({ Bucket: mediaConfig().MEDIA_BUCKET, Key: key }));
}

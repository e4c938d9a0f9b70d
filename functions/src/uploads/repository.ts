// Started uploads (who may confirm which upload, and what for) and the media objects of an upload.
import type { EntityItem } from 'electrodb';
import { s3 } from '../adapters/media';
import { s3Sdk } from '../adapters/sdk';
import { mediaConfig } from '../config';
import { db, type Db } from '../data/entities';

export type UploadRecord = EntityItem<Db['upload']>;

export async function putUpload(upload: Omit<UploadRecord, 'createdAt'>): Promise<void> {
  await db().upload.create(upload).go();
}

export async function getUpload(uploadId: string): Promise<UploadRecord | null> {
  const { data } = await db().upload.get({ uploadId }).go({ consistent: true });
  return data;
}

/** Removes the upload record; false when it was already gone (a second confirm racing the first). */
export async function takeUpload(uploadId: string): Promise<boolean> {
  try {
    await db().upload.delete({ uploadId }).where((attr, { exists }) => exists(attr.uploadId)).go();
    return true;
  } catch {
    return false;
  }
}

/**
 * The uploaded bytes, or null when nothing was uploaded. Reads at most `limit + 1` bytes: a larger object is
 * reported by its size without being read into memory.
 */
export async function readUploadedObject(key: string, limit: number): Promise<{ size: number; bytes: Uint8Array | null } | null> {
  try {
    const { GetObjectCommand } = await s3Sdk();
    const object = await (await s3()).send(new GetObjectCommand({ Bucket: mediaConfig().MEDIA_BUCKET, Key: key, Range: `bytes=0-${limit}` }));
    const total = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength ?? 0);
    if (total > limit) {
      await object.Body?.transformToByteArray().catch(() => undefined);
      return { size: total, bytes: null };
    }
    const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
    return { size: bytes.byteLength, bytes };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'InvalidRange') return null;
    throw error;
  }
}

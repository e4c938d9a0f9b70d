// The private documents bucket (invoice PDFs, issue 27 §2). Unlike the media bucket it has no CloudFront behaviour:
// an object is read only through a presigned GET that the invoice-documents Lambda signs for a few minutes.
import type { S3Client } from '@aws-sdk/client-s3';
import { documentsConfig, localClientOptions, runtimeConfig, S3RVER_CREDENTIALS } from '../config';
import { lazy } from '../lib/lazy';
import { s3RequestPresignerSdk, s3Sdk } from './sdk';

/** The documents bucket's client; the S3 SDK loads with it, on first use (functions/src/adapters/sdk.ts). */
const s3 = lazy(async (): Promise<S3Client> => {
  const { S3Client } = await s3Sdk();
  const c = documentsConfig();
  return new S3Client({ region: runtimeConfig().AWS_REGION, forcePathStyle: Boolean(c.S3_ENDPOINT), ...localClientOptions(c.S3_ENDPOINT, S3RVER_CREDENTIALS) });
});

/** Whether an object is stored under `key` (HEAD: a missing object is a 404 because the role may list the bucket). */
export async function hasDocument(key: string): Promise<boolean> {
  const { HeadObjectCommand } = await s3Sdk();
  try {
    await (await s3()).send(new HeadObjectCommand({ Bucket: documentsConfig().DOCUMENTS_BUCKET, Key: key }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return false;
    throw error;
  }
}

export async function putDocument(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { PutObjectCommand } = await s3Sdk();
  await (await s3()).send(new PutObjectCommand({ Bucket: documentsConfig().DOCUMENTS_BUCKET, Key: key, Body: body, ContentType: contentType, CacheControl: 'private, no-store' }));
}

/** A GET link to the object valid for `expiresInSeconds`, opened as a download named `filename`. */
export async function documentLink(key: string, filename: string, expiresInSeconds: number): Promise<string> {
  const safeName = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  const [{ GetObjectCommand }, { getSignedUrl }, client] = await Promise.all([s3Sdk(), s3RequestPresignerSdk(), s3()]);
  return getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: documentsConfig().DOCUMENTS_BUCKET, Key: key, ResponseContentDisposition: `attachment; filename="${safeName}"`, ResponseContentType: 'application/pdf' }),
    { expiresIn: expiresInSeconds },
  );
}

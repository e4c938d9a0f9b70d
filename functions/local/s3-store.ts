// s3rver answers a PUT before the object's file is written (its filesystem store resolves as soon as the bytes are handed
// to a write stream). S3 answers once the object is stored. The difference shows when a key is deleted right after it
// was put (a card's link preview, made and then removed as its person leaves): the delete finds the folder empty,
// removes it under the pending write, and the write's error ends the whole runtime. This makes the store's put durable
// before it answers, as S3's is; the rest of s3rver is unchanged.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type S3rver from 's3rver';

async function bytesOf(content: Buffer | NodeJS.ReadableStream): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function storePutsBeforeAnswering(s3rver: S3rver): void {
  const store = s3rver.store;
  store.putObject = async (object) => {
    const body = await bytesOf(object.content);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body);
    const md5 = createHash('md5').update(body).digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: body.length, md5 };
  };
}

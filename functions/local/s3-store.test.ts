// The local S3 store with durable puts (s3-store.ts): what S3 promises the code that uses it (read after write, delete
// after put). The race it removes (a delete of the key landing before s3rver's pending write) needs a loaded runtime to
// show, as a full system test run showed; here it is the semantics that are pinned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePutsBeforeAnswering } from './s3-store';

let server: S3rver;
let s3: S3Client;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 's3-store-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: 'media', configs: [] }] });
  storePutsBeforeAnswering(server);
  const { port } = await server.run();
  s3 = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  s3?.destroy();
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('the local S3 store', () => {
  it('has an object stored when the PUT answers: read back at once, and deleted at once without a lost write', async () => {
    const body = Buffer.alloc(200_000, 7);
    for (let i = 0; i < 25; i++) {
      const key = `previews/card-${i}/look.jpg`;
      await s3.send(new PutObjectCommand({ Bucket: 'media', Key: key, Body: body, ContentType: 'image/jpeg' }));
      const read = await s3.send(new GetObjectCommand({ Bucket: 'media', Key: key }));
      expect((await read.Body!.transformToByteArray()).byteLength).toBe(body.byteLength);
      await s3.send(new DeleteObjectCommand({ Bucket: 'media', Key: key }));
      await expect(s3.send(new GetObjectCommand({ Bucket: 'media', Key: key }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    }
  });
});

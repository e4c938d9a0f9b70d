// GET /api/admin/health (admins only): each dependency answered a control-plane call, with its latency.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { Health } from '../../../shared/schemas/health';
import { mediaConfig, userPoolConfig } from '../config';
import { dynamo, tableName } from '../data/client';
import { s3 } from '../adapters/media';
import { cognito } from '../adapters/cognito';
import { ses } from '../adapters/mail';
import { cognitoSdk, s3Sdk, sesSdk } from '../adapters/sdk';

/** `check`'s latency; `ready` (the client, whose SDK loads on first use) is awaited before the clock starts. */
async function probe<T>(ready: () => Promise<T>, check: (client: T) => Promise<unknown>) {
  let started = performance.now();
  try {
    const client = await ready();
    started = performance.now();
    await check(client);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).name };
  }
}

export async function checkHealth(): Promise<Health> {
  const [dynamodb, media, identity, mail] = await Promise.all([
    probe(async () => dynamo(), (client) => client.send(new DescribeTableCommand({ TableName: tableName() }))),
    probe(() => Promise.all([s3(), s3Sdk()]), ([client, sdk]) => client.send(new sdk.HeadBucketCommand({ Bucket: mediaConfig().MEDIA_BUCKET }))),
    probe(() => Promise.all([cognito(), cognitoSdk()]), ([client, sdk]) => client.send(new sdk.DescribeUserPoolCommand({ UserPoolId: userPoolConfig().USER_POOL_ID }))),
    probe(() => Promise.all([ses(), sesSdk()]), ([client, sdk]) => client.send(new sdk.GetAccountCommand({}))),
  ]);
  const dependencies = { dynamodb, media, identity, mail };
  return { status: Object.values(dependencies).every((d) => d.ok) ? 'ok' : 'degraded', dependencies };
}

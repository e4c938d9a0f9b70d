// GET /api/admin/health (admins only): each dependency answered a control-plane call, with its latency.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { Health } from '../../../shared/schemas/health';
import { mediaConfig, userPoolConfig } from '../config';
import { dynamo, tableName } from '../data/client';
import { s3 } from '../adapters/media';
import { cognito } from '../adapters/cognito';
import { ses } from '../adapters/mail';
import { cognitoSdk, s3Sdk, sesSdk } from '../adapters/sdk';

async function probe(check: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).name };
  }
}

export async function checkHealth(): Promise<Health> {
  const [dynamodb, media, identity, mail] = await Promise.all([
    probe(() => dynamo().send(new DescribeTableCommand({ TableName: tableName() }))),
    probe(async () => (await s3()).send(new (await s3Sdk()).HeadBucketCommand({ Bucket: mediaConfig().MEDIA_BUCKET }))),
    probe(async () => (await cognito()).send(new (await cognitoSdk()).DescribeUserPoolCommand({ UserPoolId: userPoolConfig().USER_POOL_ID }))),
    probe(async () => (await ses()).send(new (await sesSdk()).GetAccountCommand({}))),
  ]);
  const dependencies = { dynamodb, media, identity, mail };
  return { status: Object.values(dependencies).every((d) => d.ok) ? 'ok' : 'degraded', dependencies };
}

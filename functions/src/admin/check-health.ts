// GET /api/admin/health (admins only): each dependency answered a control-plane call, with its latency.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import type { Health } from '../../../shared/schemas/health';
import { mediaConfig, userPoolConfig } from '../config';
import { dynamo, tableName } from '../data/client';
import { s3 } from '../adapters/media';
import { cognito } from '../adapters/cognito';
import { ses } from '../adapters/mail';

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
    probe(() => s3().send(new HeadBucketCommand({ Bucket: mediaConfig().MEDIA_BUCKET }))),
    probe(() => cognito().send(new DescribeUserPoolCommand({ UserPoolId: userPoolConfig().USER_POOL_ID }))),
    probe(() => ses().send(new GetAccountCommand({}))),
  ]);
  const dependencies = { dynamodb, media, identity, mail };
  return { status: Object.values(dependencies).every((d) => d.ok) ? 'ok' : 'degraded', dependencies };
}

// GET /api/health: each dependency answered a cheap call, with its latency.
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import type { Health } from '../../../shared/schemas/health';
import { config } from '../config';
import { dynamo, tableName } from '../data/client';
import { s3 } from '../adapters/media';

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
  const [dynamodb, media] = await Promise.all([
    probe(() => dynamo().send(new DescribeTableCommand({ TableName: tableName() }))),
    probe(() => s3().send(new HeadBucketCommand({ Bucket: config().MEDIA_BUCKET }))),
  ]);
  const dependencies = { dynamodb, media };
  return { status: Object.values(dependencies).every((d) => d.ok) ? 'ok' : 'degraded', dependencies };
}

// GET /api/health: can this API read its table? One GetItem of a key no item has (0.5 read units, no
// control-plane call), so uptime checks and the local runtime's readiness wait may call it as often as they like.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Liveness } from '../../../shared/schemas/health';
import { dynamo, tableName } from '../data/client';
import { logger } from '../lib/logger';

export async function checkLiveness(): Promise<Liveness> {
  try {
    await dynamo().send(new GetCommand({ TableName: tableName(), Key: { pk: '$liveness', sk: '$liveness' } }));
    return { status: 'ok' };
  } catch (error) {
    logger.error('Liveness check could not read the table', { error: error as Error });
    return { status: 'degraded' };
  }
}

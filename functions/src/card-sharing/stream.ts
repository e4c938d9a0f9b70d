// The card-sharing worker's feed (issue 22): the table's stream (new and old images), filtered to card items. The
// settings are shared by infra/card-sharing.ts (the Lambda event source) and functions/local (the local poller), so both
// read the stream the same way.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { CardRecord } from '../business/repository';
import type { CardChange } from '../business/card-changes';

export const cardSharingStream = {
  /** A card item's sort key (ElectroDB's `$<entity>_<version>`): the event filter keeps these records only. */
  cardSortKey: '$card_1',
  /** Records per invocation. */
  batchSize: 10,
  /** Retries of a failing record before it goes to the dead-letter queue (the batch is split in two on each error). */
  retryAttempts: 5,
  /** A record older than this is not retried any more (the stream keeps records 24 hours). */
  maxRecordAgeSeconds: 6 * 3600,
  timeoutSeconds: 60,
  deadLetterRetentionDays: 14,
} as const;

/**
 * Native packages the worker's zip ships (installed for linux-arm64, not bundled): the link preview renders with resvg
 * and encodes with sharp (functions/src/link-preview).
 */
export const cardSharingNativeModules = ['sharp', '@resvg/resvg-js'] as const;

/** The event filter pattern (Lambda's filter criteria syntax) that keeps card items only. */
export const cardRecordsPattern = { dynamodb: { Keys: { sk: { S: [cardSharingStream.cardSortKey] } } } };

type Image = Record<string, AttributeValue> | undefined;

/** A stream image as a card, without the table's own keys and ElectroDB's bookkeeping attributes. */
function cardOf(image: Image): CardRecord | undefined {
  if (!image) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _gpk, gsi1sk: _gsk, __edb_e__: _e, __edb_v__: _v, ...card } = unmarshall(image as Parameters<typeof unmarshall>[0]);
  return card as CardRecord;
}

/** The change a stream record of a card item describes, or undefined for any other item. */
export function cardChangeOf(record: DynamoDBRecord): CardChange | undefined {
  const keys = record.dynamodb?.Keys;
  if (keys?.sk?.S !== cardSharingStream.cardSortKey) return undefined;
  const before = cardOf(record.dynamodb?.OldImage);
  const after = cardOf(record.dynamodb?.NewImage);
  const card = after ?? before;
  if (!card) return undefined;
  return { cardId: card.cardId, businessId: card.businessId, employeeId: card.employeeId, before, after };
}

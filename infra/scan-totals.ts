// The scan-totals worker (issue 25 §2): the table's stream, filtered to the card-day counters a card view writes, feeds
// one small Lambda that folds them into the card's total, the business's total and the business's day counter. The fold
// is idempotent, so the event source retries a failing batch (split in two) until its records leave the stream rather
// than dropping scans; an iterator-age alarm (operations) says when it falls behind. Settings:
// functions/src/scan-totals/stream.ts (the local runtime reads DynamoDB Local's stream with the same ones).
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { jobs } from '../functions/routes';
import { scanDayRecordsPattern, scanTotalsStream } from '../functions/src/scan-totals/stream';
import { AppFunction } from './app-function';
import type { AppEnvironment } from './app-environment';

export interface ScanTotalsProps {
  /** The table, with its stream (NEW_AND_OLD_IMAGES). */
  readonly table: dynamodb.ITable;
  readonly environment: AppEnvironment;
}

export class ScanTotals extends Construct {
  readonly worker: AppFunction;

  constructor(scope: Construct, id: string, props: ScanTotalsProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'Worker', {
      entry: jobs.scanTotals.entry,
      serviceName: 'scan-totals',
      description: 'Folds the card views counted per card and day into the card and business scan totals (table stream)',
      timeout: Duration.seconds(scanTotalsStream.timeoutSeconds),
      memorySize: scanTotalsStream.memorySize,
    });
    props.environment.bindTo(this.worker, jobs.scanTotals.capabilities);
    this.worker.function.addEventSource(
      new DynamoEventSource(props.table, {
        // LATEST: records written before the worker existed were counted by the four-write card page.
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: scanTotalsStream.batchSize,
        maxBatchingWindow: Duration.seconds(scanTotalsStream.batchingWindowSeconds),
        bisectBatchOnError: true,
        // No retry limit and no maximum record age: a record is retried until the stream drops it (24 hours).
        reportBatchItemFailures: true,
        // One batch per shard at a time: a card's records are folded in order (fold.ts relies on it).
        parallelizationFactor: 1,
        filters: [lambda.FilterCriteria.filter(scanDayRecordsPattern)],
      }),
    );
  }
}

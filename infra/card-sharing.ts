// The card-sharing worker (issue 22): the table's stream, filtered to card items, feeds one Lambda that keeps every
// shared form of a card current (link preview, wallet passes). Records are read in order per shard; a failing record is
// retried with the batch split in two, and after the retries its position goes to an encrypted dead-letter queue. Its
// zip carries sharp, resvg and the Inter fonts (the link preview).
// Settings: functions/src/card-sharing/stream.ts (the local runtime reads DynamoDB Local's stream with the same ones).
import { Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobs } from '../functions/routes';
import { cardRecordsPattern, cardSharingNativeModules, cardSharingStream } from '../functions/src/card-sharing/stream';
import { BUNDLED_FONT_FOLDER, previewFontFiles } from '../functions/src/link-preview/fonts';
import { AppFunction } from './app-function';
import type { AppEnvironment } from './app-environment';

/** The Inter files the link preview renders with, copied into the zip's fonts/ folder (tests/infra/lambda-bundles.test.ts). */
export const linkPreviewFonts = previewFontFiles.map(([folder, file]) => ({ from: `node_modules/@expo-google-fonts/inter/${folder}/${file}`, into: BUNDLED_FONT_FOLDER }));

export interface CardSharingProps {
  /** The table, with its stream (NEW_AND_OLD_IMAGES). */
  readonly table: dynamodb.ITable;
  readonly environment: AppEnvironment;
}

export class CardSharing extends Construct {
  readonly worker: AppFunction;
  /** Stream positions of card records the worker failed on every retry. */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: CardSharingProps) {
    super(scope, id);
    this.worker = new AppFunction(this, 'Worker', {
      entry: jobs.cardSharing.entry,
      serviceName: 'card-sharing',
      description: 'Keeps every shared form of a card current when the card changes (table stream, card items)',
      timeout: Duration.seconds(cardSharingStream.timeoutSeconds),
      // The link preview renders with resvg and sharp (native, installed for arm64) and the Inter fonts, copied beside
      // the handler into fonts/ (functions/src/link-preview/fonts.ts looks there first).
      nativeModules: [...cardSharingNativeModules],
      bundledFiles: linkPreviewFonts,
      // Rendering a 1200×630 image: more memory is also more CPU.
      memorySize: 1024,
    });
    props.environment.bindTo(this.worker, jobs.cardSharing.capabilities);
    this.deadLetters = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(cardSharingStream.deadLetterRetentionDays),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the dead-letter queue: the stream event source mapping sends records it gave up on here (its on-failure destination).',
    });
    this.worker.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: cardSharingStream.batchSize,
        bisectBatchOnError: true,
        retryAttempts: cardSharingStream.retryAttempts,
        maxRecordAge: Duration.seconds(cardSharingStream.maxRecordAgeSeconds),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [lambda.FilterCriteria.filter(cardRecordsPattern)],
      }),
    );
  }
}

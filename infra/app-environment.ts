// What every CardCrew function may reach, and how: each environment variable is set together with the
// permission it implies (the Powertools `bindTable` pattern), so a variable never exists without its grant
// and no grant exists without a variable. The names match functions/src/config.ts.
import { Arn, ArnFormat, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { AppFunction } from './app-function';
import { emailAddressOf } from './deploy-config';
import { nagText } from './nag';
import type { NamedExport } from './stateful-stack';

export interface AppEnvironmentProps {
  readonly table: dynamodb.ITable;
  /** The table's GSIs; each is granted by name (no `index/*`). */
  readonly tableIndexNames: readonly string[];
  readonly mediaBucket: s3.IBucket;
  /** The media bucket's ARN as a named import (see StatefulStack.mediaBucketArn). */
  readonly mediaBucketArn: NamedExport;
  /** Public URL prefix of media objects: `{publicOrigin}/media`. */
  readonly mediaBaseUrl: string;
  /** The origin links and QR codes point at. */
  readonly publicOrigin: string;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** SES sender, address or `Name <address>`. */
  readonly sesFromAddress: string;
  readonly salesInbox: string;
  readonly stripeSecretName: string;
  /** @default - wallet passes are not configured (the API answers 503) */
  readonly googleWalletSecretName?: string;
}

/** Item reads and writes (incl. queries on the GSIs and the items of TransactWriteItems); no streams, no table admin. */
const TABLE_READ_WRITE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];

/** Cognito admin calls the API makes (account type, group membership, invitations, removals). */
const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:ListUsers',
  'cognito-idp:DescribeUserPool', // GET /api/health
];

export class AppEnvironment {
  constructor(private readonly props: AppEnvironmentProps) {}

  /** Gives `fn` the whole CardCrew environment and exactly the permissions it implies. */
  bindTo(fn: AppFunction): void {
    const p = this.props;
    const stack = Stack.of(fn);

    fn.addEnvironment('APP_MODE', 'aws');

    fn.addEnvironment('TABLE_NAME', p.table.tableName);
    fn.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: TABLE_READ_WRITE_ACTIONS,
        resources: [p.table.tableArn, ...p.tableIndexNames.map((index) => `${p.table.tableArn}/index/${index}`)],
      }),
    );

    fn.addEnvironment('MEDIA_BUCKET', p.mediaBucket.bucketName);
    fn.addEnvironment('MEDIA_BASE_URL', p.mediaBaseUrl);
    fn.grantPrincipal.addToPrincipalPolicy(
      // PutObject also authorizes the presigned POSTs these functions sign for browser uploads.
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [`${p.mediaBucketArn.value}/*`],
      }),
    );
    fn.grantPrincipal.addToPrincipalPolicy(
      // Listing makes a missing key a 404 (not 403) and lets business deletion find every object under a prefix.
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [p.mediaBucketArn.value] }),
    );
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagText(fn, p.mediaBucketArn.value)}/*]`,
      reason:
        "Media objects: keys are chosen at run time (per owner, per card), so Get/Put/DeleteObject cover the media bucket's objects — that bucket only.",
    });

    fn.addEnvironment('PUBLIC_ORIGIN', p.publicOrigin);

    fn.addEnvironment('USER_POOL_ID', p.userPool.userPoolId);
    fn.addEnvironment('USER_POOL_CLIENT_ID', p.userPoolClient.userPoolClientId);
    p.userPool.grant(fn, ...COGNITO_ADMIN_ACTIONS);

    fn.addEnvironment('SES_FROM_ADDRESS', p.sesFromAddress);
    fn.addEnvironment('SALES_INBOX', p.salesInbox);
    const sender = emailAddressOf(p.sesFromAddress);
    const senderDomain = sender.slice(sender.indexOf('@') + 1);
    fn.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        // Whichever identity is verified in SES: the sender address itself or its whole domain.
        resources: [sender, senderDomain].map((identity) =>
          stack.formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: identity,
            arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
          }),
        ),
      }),
    );

    // GET /api/health asks SES for the account's sending status; GetAccount has no resource to scope to.
    fn.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'ses:GetAccount (the health check) does not support resource-level permissions; it reads the sending status only.',
    });

    fn.addEnvironment('STRIPE_SECRET_NAME', p.stripeSecretName);
    this.grantSecretByName(fn, p.stripeSecretName);
    if (p.googleWalletSecretName) {
      fn.addEnvironment('GOOGLE_WALLET_SECRET_NAME', p.googleWalletSecretName);
      this.grantSecretByName(fn, p.googleWalletSecretName);
    }
  }

  /** GetSecretValue on the secret named `name` (its ARN ends with Secrets Manager's random 6-character suffix). */
  private grantSecretByName(fn: AppFunction, name: string): void {
    const stack = Stack.of(fn);
    fn.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [
          Arn.format(
            {
              service: 'secretsmanager',
              resource: 'secret',
              resourceName: `${name}-??????`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            },
            stack,
          ),
        ],
      }),
    );
  }
}

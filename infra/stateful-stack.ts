// The stateful stack: everything that holds data or identity (the table, the media, documents, site and logs buckets, the
// Cognito user pool). Every resource here is retained on stack deletion; the stateless stacks build on it.
import { createHash } from 'node:crypto';
import { Aws, CustomResource, Duration, Lazy, RemovalPolicy, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { userPoolDefinition } from '../functions/src/identity/user-pool-definition';
import { AppFunction } from './app-function';
import { allowSendingMail } from './app-environment';
import { nagText } from './nag';
import type { DeployConfig } from './deploy-config';

export interface StatefulStackProps extends StackProps {
  /** Deployment parameters read from context. */
  readonly config: DeployConfig;
  /** The site origin: OAuth callback/logout URLs allow exactly this origin. */
  readonly publicOrigin: string;
}

/** A value exported under a fixed name; `value` is its `Fn::ImportValue` for use in another stack. */
export interface NamedExport {
  readonly name: string;
  readonly value: string;
}

/** Cognito attribute names (as the shared definition spells them) → the CDK attribute mask keys. */
const standardAttributeKeys: Record<string, keyof cognito.StandardAttributesMask> = {
  email: 'email',
  email_verified: 'emailVerified',
  name: 'fullname',
  given_name: 'givenName',
  family_name: 'familyName',
};

function clientAttributes(names: readonly string[]): cognito.ClientAttributes {
  const standard: cognito.StandardAttributesMask = {};
  const custom: string[] = [];
  for (const name of names) {
    if (name.startsWith('custom:')) {
      custom.push(name.slice('custom:'.length));
      continue;
    }
    const key = standardAttributeKeys[name];
    if (!key) throw new Error(`userPoolDefinition names attribute "${name}", which infra/stateful-stack.ts cannot map`);
    (standard as Record<string, boolean>)[key] = true;
  }
  return new cognito.ClientAttributes().withStandardAttributes(standard).withCustomAttributes(...custom);
}

export class StatefulStack extends Stack {
  /** The single DynamoDB table (pk/sk, gsi1, gsi2, the sparse gsi3, TTL on `expiresAt`). */
  readonly table: dynamodb.Table;
  /**
   * The table's global secondary indexes, so grants can name each index instead of `index/*`. As in the local table's
   * `tableDefinition` (functions/src/data/client.ts); CloudFormation adds at most one new GSI per stack update.
   */
  readonly tableIndexNames: readonly string[] = ['gsi1', 'gsi2', 'gsi3'];
  /** Logos, photos and QR images; served publicly only through CloudFront `/media/*`. */
  readonly mediaBucket: s3.Bucket;
  /**
   * Invoice PDFs under `invoices/{invoiceId}/`. Private: no CloudFront behaviour and no bucket policy for CloudFront;
   * read only through presigned GET links the invoice-documents Lambda signs for a few minutes.
   */
  readonly documentsBucket: s3.Bucket;
  /** The built SPA; served through CloudFront's default behaviour. */
  readonly siteBucket: s3.Bucket;
  /** Target of S3 server access logs and CloudFront standard logs. */
  readonly logsBucket: s3.Bucket;
  readonly userPool: cognito.UserPool;
  /** The SPA's app client (public: no secret). */
  readonly userPoolClient: cognito.UserPoolClient;
  /** Host name of the Cognito OAuth domain, e.g. `cardcrew-dev-123456789012.auth.eu-west-1.amazoncognito.com`. */
  readonly oauthDomain: string;
  /**
   * Bucket ARNs that other stacks write into IAM policies as `{arn}/*`, exported under fixed names. cdk-nag
   * acknowledgements match a finding's text exactly, and an automatic cross-stack reference reads differently
   * depending on CDK's reference strategy; a named import always reads as its export name. A retained
   * bucket's ARN never changes, so the export is never in the way of an update.
   */
  readonly mediaBucketArn: NamedExport;
  readonly siteBucketArn: NamedExport;
  readonly documentsBucketArn: NamedExport;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config, publicOrigin } = props;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: 'expiresAt',
      removalPolicy: RemovalPolicy.RETAIN,
      // The card-sharing worker (infra/card-sharing.ts) reacts to card changes with both images.
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
    });
    for (const index of this.tableIndexNames) {
      this.table.addGlobalSecondaryIndex({
        indexName: index,
        partitionKey: { name: `${index}pk`, type: dynamodb.AttributeType.STRING },
        sortKey: { name: `${index}sk`, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging still writes through bucket ACLs, so ACLs stay enabled on this bucket only.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log target bucket; logging it into itself would loop.',
    });

    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'media-bucket/',
      // The browser uploads straight to S3 with a presigned POST (DESIGN §8); only the site may do so.
      // Browsers upload logos and photos straight here with a presigned POST, from the platform's address and from every
      // agency's custom domain (added at run time). The signed policy the API issues after checking the caller is what
      // authorizes an upload; CORS only lets the page read the answer, so any https origin may (docs/decisions.md).
      cors: [
        {
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: ['https://*'],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        // Versioning guards against accidental overwrite; deleted media (business deletion) is really gone after 30 days.
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Browser uploads wait under uploads/ for their confirm call, which deletes them; unconfirmed ones go after a day.
        { id: 'expire-unconfirmed-uploads', prefix: 'uploads/', expiration: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.documentsBucket = new s3.Bucket(this, 'DocumentsBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // An invoice's PDF of a state is written once; versioning keeps a copy should one ever be overwritten or deleted.
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'documents-bucket/',
      lifecycleRules: [{ id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // CloudFront reads both buckets through origin access control. The grant lives here, next to the buckets:
    // naming the exact distribution would make this stack depend on the web stack, which already depends on
    // this one (a cycle). The condition still limits access to CloudFront distributions of this account.
    for (const bucket of [this.mediaBucket, this.siteBucket]) {
      bucket.addToResourcePolicy(
        new iam.PolicyStatement({
          sid: 'AllowCloudFrontOriginAccessControl',
          principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
          actions: ['s3:GetObject'],
          resources: [bucket.arnForObjects('*')],
          conditions: {
            ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
          },
        }),
      );
    }

    // Cognito encrypts the codes it hands the custom email sender with this key (AWS Encryption SDK); only Cognito of
    // this account may encrypt with it and only the sender may decrypt.
    const senderKey = new kms.Key(this, 'CognitoSenderKey', {
      description: 'CardCrew: encrypts the codes Cognito hands the custom email sender',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    senderKey.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cognito-idp.amazonaws.com')],
        actions: ['kms:Encrypt'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cognito-idp:${Aws.REGION}:${Aws.ACCOUNT_ID}:userpool/*` },
        },
      }),
    );

    const { passwordPolicy } = userPoolDefinition;
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Your CardCrew verification code',
        emailBody: 'Your CardCrew verification code is {####}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      customAttributes: Object.fromEntries(
        userPoolDefinition.customAttributes.map((a) => [
          a.name,
          new cognito.StringAttribute({ mutable: true, minLen: 1, maxLen: a.maxLength }),
        ]),
      ),
      passwordPolicy: {
        minLength: passwordPolicy.minLength,
        requireLowercase: passwordPolicy.requireLowercase,
        requireUppercase: passwordPolicy.requireUppercase,
        requireDigits: passwordPolicy.requireDigits,
        requireSymbols: passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Plus tier: threat protection (compromised-credential checks, adaptive authentication) in enforcing mode.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      mfa: cognito.Mfa.OFF,
      customSenderKmsKey: senderKey,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'Password rules come from the product (functions/src/identity/user-pool-definition.ts): at least 8 characters with upper case, lower case and a digit; symbols are not required. Plus-tier threat protection blocks compromised credentials.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The product spec has no second factor: sign-in is email+password or Google. Enforced threat protection adds risk-based challenges instead of mandatory MFA.',
      },
    );

    for (const group of userPoolDefinition.groups) {
      this.userPool.addGroup(`Group-${group}`, {
        groupName: group,
        description:
          group === 'admin' ? 'Platform administrators (admin power comes only from this group)' : `CardCrew ${group}s`,
      });
    }

    const google = config.googleClientId
      ? new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: config.googleClientId,
          clientSecretValue: SecretValue.secretsManager(config.googleClientSecretName),
          scopes: [...userPoolDefinition.oauth.scopes],
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            // The pre-sign-up trigger links a Google sign-in to a password account only when this says 'true'.
            emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            fullname: cognito.ProviderAttribute.GOOGLE_NAME,
            givenName: cognito.ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: cognito.ProviderAttribute.GOOGLE_FAMILY_NAME,
            profilePicture: cognito.ProviderAttribute.GOOGLE_PICTURE,
          },
        })
      : undefined;

    // DESIGN §5: the browser must never set its own account type; only the API does, with admin calls.
    if ((userPoolDefinition.clientWriteAttributes as readonly string[]).includes('custom:account_type')) {
      throw new Error('userPoolDefinition.clientWriteAttributes must not include custom:account_type');
    }
    this.userPoolClient = this.userPool.addClient('WebClient', {
      // A browser app cannot keep a secret; the OAuth code grant is used with PKCE (Amplify sends the challenge).
      generateSecret: false,
      authFlows: {
        userSrp: true,
        // USER_PASSWORD_AUTH is kept for the local runtime parity (cognito-local has no SRP) and for
        // operational scripts; the password still travels only over TLS to Cognito.
        userPassword: true,
      },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: userPoolDefinition.oauth.scopes.map((scope) => cognito.OAuthScope.custom(scope)),
        // The spec sends a Google sign-in back to the site root (user-pool-definition.ts, shared with the local pool).
        callbackUrls: userPoolDefinition.oauth.callbackPaths.map((path) => `${publicOrigin}${path}`),
        logoutUrls: userPoolDefinition.oauth.signOutPaths.map((path) => `${publicOrigin}${path}`),
      },
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        ...(google ? [cognito.UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: clientAttributes(userPoolDefinition.clientReadAttributes),
      writeAttributes: clientAttributes(userPoolDefinition.clientWriteAttributes),
    });
    if (google) this.userPoolClient.node.addDependency(google);

    // One person, one account (functions/src/sign-up/pre-sign-up.ts): links a verified Google sign-in to the password
    // user with that e-mail. Its two permissions are a separate policy on this pool, so the pool (which names the
    // function as its trigger) and the role's policy (which names the pool) do not depend on each other in a cycle.
    const preSignUp = new AppFunction(this, 'PreSignUpTrigger', {
      entry: 'functions/src/sign-up/pre-sign-up.ts',
      serviceName: 'pre-sign-up',
      description: 'CardCrew pre-sign-up trigger (links a verified Google sign-in to the password account)',
      nativeModules: [],
    });
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, preSignUp.function);
    // Single sign-on (issue 24): a first sign-in through a business's provider is checked against its verified domains
    // and employees (the SSO domain, settings and e-mail guard items: GetItem only).
    preSignUp.function.addEnvironment('TABLE_NAME', this.table.tableName);
    // 'Require SSO' (issue 24): password sign-ins (pre-authentication) and Google sign-ins (pre-token-generation; Cognito
    // runs no pre-authentication for federated sign-ins) of a requiring business's employees are refused. It reads the
    // user's memberships (Query, the table only) and the business's SSO settings (GetItem).
    const ssoSignIn = new AppFunction(this, 'SsoSignInTrigger', {
      entry: 'functions/src/sso/sign-in-triggers.ts',
      serviceName: 'sso-sign-in',
      description: "CardCrew pre-authentication and pre-token-generation trigger (refuses password and Google sign-ins where a business requires SSO)",
      nativeModules: [],
    });
    ssoSignIn.function.addEnvironment('TABLE_NAME', this.table.tableName);
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_AUTHENTICATION, ssoSignIn.function);
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_TOKEN_GENERATION, ssoSignIn.function);
    new iam.Policy(this, 'SsoSignUpTableReads', {
      roles: [preSignUp.role],
      statements: [new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [this.table.tableArn] })],
    });
    new iam.Policy(this, 'SsoSignInTableReads', {
      roles: [ssoSignIn.role],
      statements: [new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: [this.table.tableArn] })],
    });
    new iam.Policy(this, 'PreSignUpLinking', {
      roles: [preSignUp.role],
      statements: [
        new iam.PolicyStatement({
          actions: ['cognito-idp:ListUsers', 'cognito-idp:AdminLinkProviderForUser'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });

    // Cognito's own mails (codes, temporary passwords) are sent by us (functions/src/cognito-messages): in the brand the
    // person knows and from that brand's sender. The sender decrypts the code with the key above, reads the person's
    // memberships (Query of the `user` collection), the brand on a business item (GetItem) and the invitations mailed
    // to the address (Query of gsi3, the invitation's byRecipient index), and sends through SES; nothing else.
    const emailSender = new AppFunction(this, 'CustomEmailSender', {
      entry: 'functions/src/cognito-messages/custom-email-sender.ts',
      serviceName: 'custom-email-sender',
      description: "CardCrew custom email sender (Cognito's codes in the person's brand, from the brand's sender)",
      nativeModules: [],
    });
    emailSender.function.addEnvironment('TABLE_NAME', this.table.tableName);
    emailSender.function.addEnvironment('COGNITO_SENDER_KEY_ARN', senderKey.keyArn);
    senderKey.grantDecrypt(emailSender.role);
    allowSendingMail(emailSender, config.sesFromAddress);
    this.userPool.addTrigger(cognito.UserPoolOperation.CUSTOM_EMAIL_SENDER, emailSender.function);
    new iam.Policy(this, 'CustomEmailSenderTableReads', {
      roles: [emailSender.role],
      statements: [
        new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: [this.table.tableArn] }),
        new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${this.table.tableArn}/index/gsi3`] }),
      ],
    });

    this.keepSsoProvidersInClient();

    const domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: `cardcrew-${config.stage}-${Aws.ACCOUNT_ID}` },
    });
    this.oauthDomain = `${domain.domainName}.auth.${Aws.REGION}.amazoncognito.com`;

    this.mediaBucketArn = this.namedExport('MediaBucketArn', this.mediaBucket.bucketArn);
    this.siteBucketArn = this.namedExport('SiteBucketArn', this.siteBucket.bucketArn);
    this.documentsBucketArn = this.namedExport('DocumentsBucketArn', this.documentsBucket.bucketArn);
  }

  /**
   * Single sign-on (issue 24): CloudFormation owns the app client and, on every update of it, writes CDK's own
   * SupportedIdentityProviders back, dropping the businesses' `sso-…` providers the sso area added. A custom resource
   * after the client (functions/src/sso/client-providers-resource.ts) puts them back under the sso area's lease. Its
   * `ClientConfiguration` property is a hash of the client's resolved properties, so it is updated (and runs) exactly
   * when the client's configuration changes; its Lambda may only describe/update the client, list the pool's providers
   * and read the connections and write the lease item in the table.
   */
  private keepSsoProvidersInClient(): void {
    const fn = new AppFunction(this, 'SsoClientProviders', {
      entry: 'functions/src/sso/client-providers-resource.ts',
      serviceName: 'sso-client-providers',
      description: "CardCrew deploy step: puts the businesses' SSO identity providers back into the app client",
      timeout: Duration.minutes(1),
      nativeModules: [],
      environment: {
        TABLE_NAME: this.table.tableName,
        USER_POOL_ID: this.userPool.userPoolId,
        USER_POOL_CLIENT_ID: this.userPoolClient.userPoolClientId,
      },
    });
    const access = new iam.Policy(this, 'SsoClientProvidersAccess', {
      roles: [fn.role],
      statements: [
        new iam.PolicyStatement({
          actions: ['cognito-idp:DescribeUserPoolClient', 'cognito-idp:UpdateUserPoolClient', 'cognito-idp:ListIdentityProviders'],
          resources: [this.userPool.userPoolArn],
        }),
        new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], resources: [this.table.tableArn] }),
      ],
    });
    const provider = new cr.Provider(this, 'SsoClientProvidersProvider', { onEventHandler: fn.function });
    const cfnClient = this.userPoolClient.node.defaultChild as cognito.CfnUserPoolClient;
    const stack = Stack.of(this);
    const resource = new CustomResource(this, 'SsoClientProvidersResource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::SsoClientProviders',
      properties: {
        ClientConfiguration: Lazy.string({
          produce: () =>
            createHash('sha256')
              .update(JSON.stringify(stack.resolve((cfnClient as unknown as { _toCloudFormation(): unknown })._toCloudFormation())))
              .digest('hex'),
        }),
      },
    });
    // After the client (whose update drops the providers) and after its own grants (a separate policy on the role).
    resource.node.addDependency(this.userPoolClient, access);
    const framework = provider.node.findChild('framework-onEvent');
    Validations.of(framework).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK custom-resource Provider framework: the library-managed role uses AWSLambdaBasicExecutionRole only to write its own logs.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK custom-resource Provider framework: the library pins the runtime of its framework function; it is upgraded with aws-cdk-lib.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${nagText(framework, fn.function.functionArn)}:*]`,
        reason: 'CDK custom-resource Provider framework: it may invoke only the SSO client-providers function (any version of it, as the library grants).',
      },
    );
  }

  private namedExport(id: string, value: string): NamedExport {
    const name = `${this.stackName}-${id}`;
    return { name, value: this.exportValue(value, { name }) };
  }
}

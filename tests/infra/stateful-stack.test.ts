// The stateful stack: the table, buckets and user pool have the shape and protections DESIGN §5/§6/§8 require.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/src/data/client';
import { userPoolDefinition } from '../../functions/src/identity/user-pool-definition';
import { freshSynthCardCrew, resourcesOf, synthCardCrew, TEST_ORIGIN } from './synth-cardcrew';

let stateful: Template;
beforeAll(() => {
  ({ stateful } = synthCardCrew());
});

describe('the table', () => {
  it('is one pay-per-request table keyed by pk/sk strings', () => {
    stateful.resourceCountIs('AWS::DynamoDB::Table', 1);
    stateful.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ]),
    });
  });

  it('has gsi1, gsi2 and the sparse gsi3 on their own string keys, projecting all attributes: the local table\'s indexes', () => {
    const [[, table]] = resourcesOf(stateful, 'AWS::DynamoDB::Table') as [
      [string, { Properties: Record<string, unknown> }],
    ];
    const indexes = table.Properties.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: unknown;
      Projection: unknown;
    }[];
    expect(indexes.map((i) => i.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3']);
    // The local runtime creates its table from tableDefinition: the same indexes on the same keys.
    expect(indexes.map((i) => ({ name: i.IndexName, keys: i.KeySchema }))).toEqual(
      tableDefinition.indexes.map((i) => ({ name: i.name, keys: [{ AttributeName: i.partitionKey, KeyType: 'HASH' }, { AttributeName: i.sortKey, KeyType: 'RANGE' }] })),
    );
    for (const index of indexes) {
      expect(index.KeySchema).toEqual([
        { AttributeName: `${index.IndexName}pk`, KeyType: 'HASH' },
        { AttributeName: `${index.IndexName}sk`, KeyType: 'RANGE' },
      ]);
      expect(index.Projection).toEqual({ ProjectionType: 'ALL' });
    }
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(
        ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
    );
  });

  it('has point-in-time recovery, deletion protection, AWS-managed encryption and TTL on expiresAt', () => {
    stateful.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('is retained when the stack is deleted', () => {
    stateful.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  });
});

describe('the buckets', () => {
  it('are all encrypted, closed to the public, TLS-only and retained', () => {
    const buckets = resourcesOf(stateful, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(4);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      stateful.hasResource('AWS::S3::Bucket', { Properties: Match.anyValue(), DeletionPolicy: 'Retain' });
    }
    const policies = resourcesOf(stateful, 'AWS::S3::BucketPolicy');
    expect(policies).toHaveLength(4);
    for (const [id, policy] of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument), id).toContain('"aws:SecureTransport":"false"');
    }
    expect(Object.values(stateful.findResources('AWS::S3::Bucket')).every((b) => b.DeletionPolicy === 'Retain')).toBe(
      true,
    );
  });

  it('log media, documents and site access to the logs bucket', () => {
    const [media, documents, site] = ['MediaBucket', 'DocumentsBucket', 'SiteBucket'].map(
      (name) => resourcesOf(stateful, 'AWS::S3::Bucket').find(([id]) => id.startsWith(name))?.[1],
    );
    const logs = resourcesOf(stateful, 'AWS::S3::Bucket').find(([id]) => id.startsWith('LogsBucket'))?.[0];
    for (const bucket of [media, documents, site]) {
      expect(bucket?.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: { Ref: logs } });
    }
  });

  it('version the media bucket and let only the site origin POST uploads to it', () => {
    stateful.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST'], AllowedOrigins: ['https://*'] })] },
    });
  });

  it('let CloudFront (origin access control of this account) read the site and media objects', () => {
    const grants = resourcesOf(stateful, 'AWS::S3::BucketPolicy').filter(([, p]) =>
      JSON.stringify(p).includes('cloudfront.amazonaws.com'),
    );
    expect(grants).toHaveLength(2);
    for (const [, policy] of grants) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toMatch(/"Action":"s3:GetObject".*"AWS:SourceArn"/);
    }
  });

  it('keep invoice PDFs in a versioned documents bucket that CloudFront cannot read (presigned links only)', () => {
    const documents = resourcesOf(stateful, 'AWS::S3::Bucket').find(([id]) => id.startsWith('DocumentsBucket'));
    expect(documents?.[1].Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const policy = resourcesOf(stateful, 'AWS::S3::BucketPolicy').find(([, p]) => JSON.stringify(p.Properties.Bucket).includes(documents![0]));
    expect(JSON.stringify(policy?.[1].Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    expect(JSON.stringify(policy?.[1].Properties.PolicyDocument)).not.toContain('cloudfront.amazonaws.com');
  });
});

describe('the user pool', () => {
  it('signs users in with their email, lets them sign up, and verifies the email with a code', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      DeletionProtection: 'ACTIVE',
    });
    stateful.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  it('requires 8+ characters with upper case, lower case and a digit', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
        }),
      },
    });
  });

  it('has a mutable custom:account_type attribute and threat protection enforced', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([Match.objectLike({ Name: 'account_type', AttributeDataType: 'String', Mutable: true })]),
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });

  it('has the groups admin, owner and employee', () => {
    const groups = resourcesOf(stateful, 'AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties.GroupName);
    expect(groups.sort()).toEqual(['admin', 'employee', 'owner']);
    expect(groups.sort()).toEqual([...userPoolDefinition.groups].sort());
  });

  it('has a public app client: SRP, password and refresh flows, OAuth code grant back to the site', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']),
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      // The site root (Google and SSO sign-ins) and the owner's SSO 'Test sign-in' page (issue 24).
      CallbackURLs: [`${TEST_ORIGIN}/`, `${TEST_ORIGIN}/sso/test-callback`, `${TEST_ORIGIN}/api/sign-in/relay`],
      LogoutURLs: [`${TEST_ORIGIN}/`],
      SupportedIdentityProviders: ['COGNITO'],
    });
    const [[, client]] = resourcesOf(stateful, 'AWS::Cognito::UserPoolClient') as [
      [string, { Properties: Record<string, string[]> }],
    ];
    expect(client.Properties.ExplicitAuthFlows?.sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
  });

  it('lets the client read custom:account_type but never write it', () => {
    const [[, client]] = resourcesOf(stateful, 'AWS::Cognito::UserPoolClient') as [
      [string, { Properties: Record<string, string[]> }],
    ];
    expect(client.Properties.ReadAttributes).toContain('custom:account_type');
    expect(client.Properties.WriteAttributes).not.toContain('custom:account_type');
    expect(client.Properties.WriteAttributes?.length).toBeGreaterThan(0);
    expect(client.Properties.WriteAttributes?.some((a) => a.startsWith('custom:'))).toBe(false);
  });

  it('has a Cognito domain prefixed with the stage', () => {
    stateful.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['cardcrew-dev-', { Ref: 'AWS::AccountId' }]] },
    });
  });

  it('has no Google identity provider unless googleClientId is set', () => {
    stateful.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });

  it('federates Google (secret from Secrets Manager, scopes openid email profile, every attribute mapped) when googleClientId is set', () => {
    const { stateful: withGoogle } = synthCardCrew({
      context: { googleClientId: 'client-123.apps.googleusercontent.com' },
    });
    withGoogle.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: 'client-123.apps.googleusercontent.com',
        client_secret: '{{resolve:secretsmanager:cardcrew/dev/google-client-secret:SecretString:::}}',
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: {
        email: 'email',
        email_verified: 'email_verified',
        name: 'name',
        given_name: 'given_name',
        family_name: 'family_name',
        picture: 'picture',
      },
    });
    withGoogle.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: Match.arrayWith(['COGNITO', 'Google']),
    });
  });

  it('runs the pre-sign-up trigger, which may only list this pool\'s users and link a provider to one of them', () => {
    const [[, pool]] = resourcesOf(stateful, 'AWS::Cognito::UserPool') as [[string, { Properties: { LambdaConfig?: { PreSignUp?: unknown } } }]];
    const triggerId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(pool.Properties.LambdaConfig?.PreSignUp))?.[1];
    expect(triggerId).toMatch(/^PreSignUpTrigger/);
    const fn = resourcesOf(stateful, 'AWS::Lambda::Function').find(([id]) => id === triggerId)![1];
    const roleId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(fn.Properties.Role))?.[1];
    const statements = resourcesOf(stateful, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
    const poolId = resourcesOf(stateful, 'AWS::Cognito::UserPool')[0]![0];
    const linking = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('cognito-idp:')));
    expect(linking).toEqual([expect.objectContaining({ Action: ['cognito-idp:AdminLinkProviderForUser', 'cognito-idp:ListUsers'], Resource: { 'Fn::GetAtt': [poolId, 'Arn'] } })]);
    expect([...new Set(statements.flatMap((st) => [st.Action].flat()))].sort()).toEqual(
      // GetItem: a first SSO sign-in's domain, settings and employee e-mail guard (issue 24).
      ['cognito-idp:AdminLinkProviderForUser', 'cognito-idp:ListUsers', 'dynamodb:GetItem', 'logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'].sort(),
    );
  });

  it("sends Cognito's mails with a custom email sender that decrypts with its own key, reads the table and the invitations' index, and sends through SES", () => {
    const [[poolId, pool]] = resourcesOf(stateful, 'AWS::Cognito::UserPool') as [[string, { Properties: { LambdaConfig?: Record<string, unknown> } }]];
    const config = pool.Properties.LambdaConfig!;
    const triggerId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(config.CustomEmailSender))?.[1];
    expect(triggerId).toMatch(/^CustomEmailSender/);
    expect(config.CustomEmailSender).toMatchObject({ LambdaVersion: 'V1_0' });
    // Cognito writes no message of its own any more.
    expect(config.CustomMessage).toBeUndefined();
    const [keyId, key] = resourcesOf(stateful, 'AWS::KMS::Key')[0]!;
    expect(config.KMSKeyID).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(key.Properties.EnableKeyRotation).toBe(true);
    // Only Cognito of this account encrypts with the key (besides the account's administrators).
    const keyStatements = (key.Properties.KeyPolicy as { Statement: { Principal: unknown; Action: unknown; Condition?: unknown }[] }).Statement;
    expect(keyStatements.filter((st) => JSON.stringify(st.Principal).includes('cognito-idp'))).toEqual([
      expect.objectContaining({ Action: 'kms:Encrypt', Condition: expect.objectContaining({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }) }),
    ]);

    const fn = resourcesOf(stateful, 'AWS::Lambda::Function').find(([id]) => id === triggerId)![1];
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables).filter((name) => !/^(NODE_OPTIONS|POWERTOOLS_|LOG_LEVEL|AWS_)/.test(name)).sort()).toEqual(['COGNITO_SENDER_KEY_ARN', 'SES_FROM_ADDRESS', 'TABLE_NAME']);
    expect(variables.COGNITO_SENDER_KEY_ARN).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    // Cognito may invoke it (and only the pool's service principal, for this pool).
    const permission = resourcesOf(stateful, 'AWS::Lambda::Permission').find(([, p]) => JSON.stringify(p.Properties.FunctionName).includes(`"${triggerId}"`))![1];
    expect(permission.Properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'cognito-idp.amazonaws.com' });
    expect(JSON.stringify(permission.Properties.SourceArn)).toContain(`"${poolId}"`);

    const roleId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(fn.Properties.Role))?.[1];
    const statements = resourcesOf(stateful, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
    expect([...new Set(statements.flatMap((st) => [st.Action].flat()))].sort()).toEqual(
      ['dynamodb:GetItem', 'dynamodb:Query', 'kms:Decrypt', 'logs:CreateLogStream', 'logs:PutLogEvents', 'ses:SendEmail', 'ses:SendRawEmail', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'].sort(),
    );
    expect(statements.filter((st) => [st.Action].flat().includes('kms:Decrypt'))).toEqual([expect.objectContaining({ Resource: { 'Fn::GetAtt': [keyId, 'Arn'] } })]);
    const tableId = resourcesOf(stateful, 'AWS::DynamoDB::Table')[0]![0];
    const reads = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(reads).toEqual([
      // Memberships (Query of the user collection) and a business's brand (GetItem).
      expect.objectContaining({ Action: ['dynamodb:GetItem', 'dynamodb:Query'], Resource: { 'Fn::GetAtt': [tableId, 'Arn'] } }),
      // The invitations mailed to an address: gsi3 only, never `index/*`.
      expect.objectContaining({ Action: 'dynamodb:Query', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, '/index/gsi3']] } }),
    ]);
  });

  it("runs one 'Require SSO' trigger before password sign-ins and token generation, reading the table only", () => {
    const [[, pool]] = resourcesOf(stateful, 'AWS::Cognito::UserPool') as [[string, { Properties: { LambdaConfig?: Record<string, unknown> } }]];
    const idOf = (trigger: string) => /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(pool.Properties.LambdaConfig?.[trigger]))?.[1];
    expect(idOf('PreAuthentication')).toMatch(/^SsoSignInTrigger/);
    expect(idOf('PreTokenGeneration')).toBe(idOf('PreAuthentication'));
    const fn = resourcesOf(stateful, 'AWS::Lambda::Function').find(([id]) => id === idOf('PreAuthentication'))![1];
    const roleId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(fn.Properties.Role))?.[1];
    const statements = resourcesOf(stateful, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
    expect([...new Set(statements.flatMap((st) => [st.Action].flat()))].sort()).toEqual(
      ['dynamodb:GetItem', 'dynamodb:Query', 'logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'].sort(),
    );
    const tableId = resourcesOf(stateful, 'AWS::DynamoDB::Table')[0]![0];
    const reads = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(reads).toEqual([expect.objectContaining({ Resource: { 'Fn::GetAtt': [tableId, 'Arn'] } })]);
  });
  it("puts the businesses' SSO providers back into the app client after every change of it: a custom resource after the client, least privilege", () => {
    const [[resourceId, resource]] = resourcesOf(stateful, 'Custom::SsoClientProviders') as [[string, { Properties: Record<string, unknown>; DependsOn?: string[] }]];
    const clientId = resourcesOf(stateful, 'AWS::Cognito::UserPoolClient')[0]![0];
    expect(resource.DependsOn).toContain(clientId);
    // And after its Lambda's grants, which are a policy of their own (else the first run could lack them).
    const accessPolicyId = resourcesOf(stateful, 'AWS::IAM::Policy').find(([id]) => id.startsWith('SsoClientProvidersAccess'))![0];
    expect(resource.DependsOn).toContain(accessPolicyId);
    // Its property is a hash of the client's configuration: a change of the client updates (and so runs) it.
    expect(resource.Properties.ClientConfiguration).toMatch(/^[0-9a-f]{64}$/);
    const withGoogle = synthCardCrew({ context: { googleClientId: 'client-123.apps.googleusercontent.com' } }).stateful;
    const [[, other]] = resourcesOf(withGoogle, 'Custom::SsoClientProviders') as [[string, { Properties: Record<string, unknown> }]];
    expect(other.Properties.ClientConfiguration).not.toBe(resource.Properties.ClientConfiguration);
    expect(resourcesOf(freshSynthCardCrew().stateful, 'Custom::SsoClientProviders')[0]![1].Properties.ClientConfiguration).toBe(resource.Properties.ClientConfiguration);
    expect(resourceId).toMatch(/^SsoClientProvidersResource/);

    // The Provider framework invokes our function, the one with the sso handler.
    const functions = resourcesOf(stateful, 'AWS::Lambda::Function');
    const [fnId, fn] = functions.find(([id]) => id.startsWith('SsoClientProvidersFunction'))!;
    // What it reads: the client, the pool and the table (connections, the lease); no hosted-UI origin or other setting.
    const variables = Object.keys((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables).filter((name) => !/^(NODE_OPTIONS|POWERTOOLS_|LOG_LEVEL|AWS_)/.test(name));
    expect(variables.sort()).toEqual(['TABLE_NAME', 'USER_POOL_CLIENT_ID', 'USER_POOL_ID']);
    const frameworkPolicy = resourcesOf(stateful, 'AWS::IAM::Policy').find(([id]) => id.startsWith('SsoClientProvidersProviderframeworkonEvent'))!;
    expect(JSON.stringify(frameworkPolicy[1].Properties.PolicyDocument)).toContain(`"${fnId}"`);

    const roleId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(fn.Properties.Role))?.[1];
    const statements = resourcesOf(stateful, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
    const poolId = resourcesOf(stateful, 'AWS::Cognito::UserPool')[0]![0];
    const tableId = resourcesOf(stateful, 'AWS::DynamoDB::Table')[0]![0];
    const actionsOn = (prefix: string) => statements.filter((st) => [st.Action].flat().some((a) => a.startsWith(prefix)));
    expect(actionsOn('cognito-idp:')).toEqual([
      expect.objectContaining({
        Action: ['cognito-idp:DescribeUserPoolClient', 'cognito-idp:ListIdentityProviders', 'cognito-idp:UpdateUserPoolClient'],
        Resource: { 'Fn::GetAtt': [poolId, 'Arn'] },
      }),
    ]);
    // The connections (GetItem) and the lease item around the client's read-modify-write (conditional Put, Delete).
    expect(actionsOn('dynamodb:')).toEqual([
      expect.objectContaining({ Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem'], Resource: { 'Fn::GetAtt': [tableId, 'Arn'] } }),
    ]);
    expect([...new Set(statements.flatMap((st) => [st.Action].flat()))].sort()).toEqual(
      [
        'cognito-idp:DescribeUserPoolClient',
        'cognito-idp:ListIdentityProviders',
        'cognito-idp:UpdateUserPoolClient',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ].sort(),
    );
  });
});

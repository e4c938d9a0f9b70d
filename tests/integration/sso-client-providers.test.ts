// A deploy must not drop the businesses' identity providers (issue 24): CloudFormation rewrites the app client with
// CDK's own SupportedIdentityProviders, and the custom resource after it (functions/src/sso/client-providers-resource.ts,
// run here in-process against the local pool, as CloudFormation's Update event would run it) puts every connected
// `sso-…` provider back, keeping the client's other settings; a second run writes nothing; Delete does nothing; a
// provider in the pool whose business has no connection is not added.
import { CreateIdentityProviderCommand, DescribeUserPoolClientCommand, UpdateUserPoolClientCommand, type UserPoolClientType } from '@aws-sdk/client-cognito-identity-provider';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientUpdateOf } from '../../functions/src/sso/identity-providers';
import { providerNameOf } from '../../functions/src/sso/provider-name';
import { api, cognito, createOwnerWithBusiness, runtime } from '../support/runtime';
import { sampleSamlMetadata } from '../support/saml-metadata';

const { handler } = await import('../../functions/src/sso/client-providers-resource');

const UserPoolId = runtime.ids.userPoolId;
const ClientId = runtime.ids.userPoolClientId;

async function appClient(): Promise<UserPoolClientType> {
  return (await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId, ClientId }))).UserPoolClient!;
}

/** What CloudFormation's update writes: the client as CDK declares it, with only CDK's providers. */
async function simulateDeploy(): Promise<void> {
  const client = await appClient();
  const cdkProviders = (client.SupportedIdentityProviders ?? []).filter((name) => !name.startsWith('sso-'));
  await cognito.send(new UpdateUserPoolClientCommand(clientUpdateOf(client, cdkProviders)));
}

function cloudFormationEvent(RequestType: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent {
  const base = {
    ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:framework',
    ResponseURL: 'https://cloudformation-custom-resource-response.example/',
    StackId: 'arn:aws:cloudformation:eu-west-1:123456789012:stack/CardCrew-dev-Stateful/1',
    RequestId: 'request-1',
    LogicalResourceId: 'SsoClientProvidersResource',
    ResourceType: 'Custom::SsoClientProviders',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:eu-west-1:123456789012:function:framework', ClientConfiguration: 'b' },
  };
  if (RequestType === 'Create') return { ...base, RequestType };
  const PhysicalResourceId = `sso-client-providers-${ClientId}`;
  if (RequestType === 'Delete') return { ...base, RequestType, PhysicalResourceId };
  return { ...base, RequestType, PhysicalResourceId, OldResourceProperties: { ServiceToken: base.ServiceToken, ClientConfiguration: 'a' } };
}

/** Everything of the client but its providers and last-modified date (which every update moves). */
const settingsOf = ({ SupportedIdentityProviders: _p, LastModifiedDate: _m, ...rest }: UserPoolClientType) => rest;

describe('the app client after a deploy', () => {
  it('gets every connected provider back, keeping its callback URLs, flows and scopes; a second run changes nothing', async () => {
    const [a, b] = await Promise.all([createOwnerWithBusiness(), createOwnerWithBusiness()]);
    for (const [i, o] of [a, b].entries()) {
      const res = await api('PUT', `/api/businesses/${o.business.id}/sso/provider`, { user: o.owner, body: { type: 'SAML', metadataXml: sampleSamlMetadata(`https://deploy${i}.example/saml`) } });
      expect(res.status, res.text).toBe(200);
    }
    // A provider in the pool that no business has connected (left behind by a failed connect) is not put in.
    const stray = providerNameOf('strayProviderOfNoBiz01');
    await cognito.send(new CreateIdentityProviderCommand({ UserPoolId, ProviderName: stray, ProviderType: 'SAML', ProviderDetails: { MetadataFile: sampleSamlMetadata('https://stray.example/saml') } }));
    const names = [providerNameOf(a.business.id), providerNameOf(b.business.id)];
    const before = await appClient();
    expect(before.SupportedIdentityProviders).toEqual(expect.arrayContaining(names));

    await simulateDeploy();
    const deployed = await appClient();
    expect(deployed.SupportedIdentityProviders).not.toContain(names[0]);
    expect(deployed.SupportedIdentityProviders).not.toContain(names[1]);

    const result = await handler(cloudFormationEvent('Update'));
    expect(result.PhysicalResourceId).toBe(`sso-client-providers-${ClientId}`);
    expect(Number(result.Data?.Added)).toBeGreaterThanOrEqual(2);
    const restored = await appClient();
    expect(restored.SupportedIdentityProviders).toEqual(expect.arrayContaining([...names, 'COGNITO']));
    expect(restored.SupportedIdentityProviders).not.toContain(stray);
    expect(settingsOf(restored)).toEqual(settingsOf(before));
    expect(restored.CallbackURLs).toEqual(before.CallbackURLs);
    expect(restored.AllowedOAuthFlows).toEqual(before.AllowedOAuthFlows);
    expect(restored.AllowedOAuthScopes).toEqual(before.AllowedOAuthScopes);

    const again = await handler(cloudFormationEvent('Update'));
    expect(again.Data?.Added).toBe('0');
    const unchanged = await appClient();
    expect(unchanged.LastModifiedDate).toEqual(restored.LastModifiedDate);
    expect(unchanged.SupportedIdentityProviders).toEqual(restored.SupportedIdentityProviders);
  });

  it('does nothing on Delete', async () => {
    const o = await createOwnerWithBusiness();
    expect((await api('PUT', `/api/businesses/${o.business.id}/sso/provider`, { user: o.owner, body: { type: 'SAML', metadataXml: sampleSamlMetadata('https://deploy-delete.example/saml') } })).status).toBe(200);
    await simulateDeploy();
    const deployed = await appClient();
    const result = await handler(cloudFormationEvent('Delete'));
    expect(result.PhysicalResourceId).toBe(`sso-client-providers-${ClientId}`);
    expect((await appClient()).SupportedIdentityProviders).toEqual(deployed.SupportedIdentityProviders);
    // Put them back for the tests that share the pool.
    await handler(cloudFormationEvent('Create'));
    expect((await appClient()).SupportedIdentityProviders).toContain(providerNameOf(o.business.id));
  });
});

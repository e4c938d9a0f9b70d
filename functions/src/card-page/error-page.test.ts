// The card page's error page (500) wears the same tab icon as its 'Card Not Found': on an agency's custom domain the
// agency's mark, never the platform's favicon; on the platform's address the platform's. The table is mocked only to
// make the card read fail.
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardKeys } from '../data/card-keys';
import { CUSTOM_DOMAIN_HEADER, customDomainKeys } from './custom-domain-host';

const table = mockClient(DynamoDBDocumentClient);
let handler: typeof import('./handler').handler;

const item = (entity: string, fields: Record<string, unknown>) => ({ Item: { __edb_e__: entity, __edb_v__: '1', ...fields } });
const event = (headers: Record<string, string>) => ({ rawPath: '/card/demo-card-sam-baker', headers, requestContext: { http: { method: 'GET' } } }) as unknown as APIGatewayProxyEventV2;
const onBright = { [CUSTOM_DOMAIN_HEADER]: 'cards.bright.example' };

beforeAll(async () => {
  process.env.TABLE_NAME ??= 'error-page-test';
  process.env.PUBLIC_ORIGIN ??= 'https://cards.example.com';
  ({ handler } = await import('./handler'));
});
afterAll(() => table.restore());

beforeEach(() => {
  table.reset();
  table.on(GetCommand, { Key: cardKeys.card('demo-card-sam-baker') }).rejects(new Error('ProvisionedThroughputExceededException'));
  table.on(GetCommand, { Key: customDomainKeys.customDomain('cards.bright.example') }).resolves(item('customDomain', { domain: 'cards.bright.example', agencyId: 'bright', state: 'active' }));
  table.on(GetCommand, { Key: customDomainKeys.agency('bright') }).resolves(item('agency', { agencyId: 'bright', name: 'Bright Agency' }));
});

describe('the card page’s error page', () => {
  it('shows the agency’s mark on its domain, not the platform’s favicon', async () => {
    const res = await handler(event(onBright));
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<h1>Card Not Found</h1>');
    expect(res.body).not.toMatch(/favicon\.svg|cardcrew/i);
    // Bright has no logo or favicon: its initial on slate, as on its 'Card Not Found'.
    expect(decodeURIComponent(/<link rel="icon" href="data:image\/svg\+xml,([^"]+)">/.exec(res.body!)?.[1] ?? '')).toMatch(/fill="#334155".*>B<\/text>/);
    expect(res.body!.match(/<title>/g)).toHaveLength(1);
  });

  it('shows no icon rather than the platform’s when the agency cannot be read either', async () => {
    table.on(GetCommand, { Key: customDomainKeys.customDomain('cards.bright.example') }).rejects(new Error('ProvisionedThroughputExceededException'));
    const res = await handler(event(onBright));
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<link rel="icon" href="data:,">');
    expect(res.body).not.toMatch(/favicon\.svg|cardcrew/i);
  });

  it('keeps the platform’s favicon on the platform’s address', async () => {
    const res = await handler(event({}));
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});

// The plain reads of an agency's domains use ElectroDB's keys (entities.ts agencyDomain, customDomain).
import { beforeAll, describe, expect, it } from 'vitest';
import { domainKeys } from './client-origin';

type Params = { Key: Record<string, string>; ExpressionAttributeValues: Record<string, string> };
let db: typeof import('../data/entities').db;

beforeAll(async () => {
  process.env.TABLE_NAME ??= 'keys-test';
  ({ db } = await import('../data/entities'));
});

describe('custom domain keys', () => {
  // Mixed case: ElectroDB lower-cases key values.
  const agencyId = 'AgY-1234567';
  const domain = 'Cards.Bright.example';

  it("builds the domain item's key as ElectroDB does", () => {
    expect(domainKeys.customDomain(domain)).toEqual(db().customDomain.get({ domain }).params<Params>().Key);
  });

  it("queries the agency's domain records as ElectroDB does", () => {
    const query = db().agencyDomain.query.primary({ agencyId }).params<Params>();
    const { pk, skPrefix } = domainKeys.agencyDomains(agencyId);
    expect(Object.values(query.ExpressionAttributeValues)).toEqual([pk, skPrefix]);
  });
});

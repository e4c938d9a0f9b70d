// The custom-domain keys the card Lambdas read with the plain document client are ElectroDB's.
import { beforeAll, describe, expect, it } from 'vitest';
import { customDomainKeys, customDomainOf, mediaOwnerOf } from './custom-domain-host';

let db: typeof import('../data/entities').db;

beforeAll(async () => {
  process.env.TABLE_NAME ??= 'keys-test';
  ({ db } = await import('../data/entities'));
});

describe('custom domain keys', () => {
  it('builds the domain item’s key as ElectroDB does', () => {
    expect(customDomainKeys.customDomain('cards.bright.localhost')).toEqual(db().customDomain.get({ domain: 'cards.bright.localhost' }).params<{ Key: unknown }>().Key);
  });

  it('builds the agency–client link’s key as ElectroDB does (lower-cased values included)', () => {
    expect(customDomainKeys.agencyClient('Agency-ABC_123', 'Biz-XYZ_987')).toEqual(db().agencyClient.get({ agencyId: 'Agency-ABC_123', businessId: 'Biz-XYZ_987' }).params<{ Key: unknown }>().Key);
  });

  it('builds the agency item’s key as ElectroDB does', () => {
    expect(customDomainKeys.agency('Agency-ABC_123')).toEqual(db().agency.get({ agencyId: 'Agency-ABC_123' }).params<{ Key: unknown }>().Key);
  });

  it('reads the domain only from the edge’s header', () => {
    expect(customDomainOf({ 'x-cardcrew-custom-domain': 'Cards.Bright.Localhost' })).toBe('cards.bright.localhost');
    expect(customDomainOf({ host: 'evil.example' })).toBeNull();
    expect(customDomainOf(undefined)).toBeNull();
  });

  it('names the owner of a media key by its folder, and none for uploads or unknown folders', () => {
    expect(mediaOwnerOf('qr/biz1/card1/v1.png')).toEqual({ scopeId: 'biz1' });
    expect(mediaOwnerOf('logos/agency1/v2/128.webp')).toEqual({ scopeId: 'agency1' });
    expect(mediaOwnerOf('photos/biz1/emp1/v3/96.webp')).toEqual({ scopeId: 'biz1' });
    expect(mediaOwnerOf('signature-qr/biz1/card1/abc.png')).toEqual({ scopeId: 'biz1' });
    expect(mediaOwnerOf('favicons/agency1/v4/favicon-32.png')).toEqual({ scopeId: 'agency1' });
    expect(mediaOwnerOf('previews/card1/abc.jpg')).toEqual({ cardId: 'card1' });
    for (const key of ['uploads/biz1/up1', 'other/biz1/x.png', 'qr/biz1', 'qr//x.png', '']) expect(mediaOwnerOf(key), key).toBeNull();
  });
});

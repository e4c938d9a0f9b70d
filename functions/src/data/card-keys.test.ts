// The card page's hand-written keys are ElectroDB's keys: the same Key and the same stamped attributes.
import { beforeAll, describe, expect, it } from 'vitest';
import { cardKeys, counterStamps } from './card-keys';

type Params = { Key: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown>; ExpressionAttributeNames?: Record<string, string> };
let db: typeof import('./entities').db;

beforeAll(async () => {
  process.env.TABLE_NAME ??= 'keys-test';
  ({ db } = await import('./entities'));
});

/** The attributes an ElectroDB update SETs, by name. */
function setAttributes(params: Params): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [placeholder, name] of Object.entries(params.ExpressionAttributeNames ?? {})) {
    const value = params.ExpressionAttributeValues?.[`${placeholder.replace('#', ':')}_u0`];
    if (value !== undefined && !['scanCount', 'count'].includes(name)) out[name] = value;
  }
  return out;
}

describe('card page keys', () => {
  const cardId = 'AbC-123_xyzQ';
  const businessId = 'BiZ-1234567';
  const day = '2026-11-23';

  it('builds the card key as ElectroDB does (lower-cased values included)', () => {
    expect(cardKeys.card(cardId)).toEqual(db().card.get({ cardId }).params<Params>().Key);
  });

  it("builds a leaver's key as ElectroDB does", () => {
    expect(cardKeys.leaver(cardId)).toEqual(db().leaver.get({ cardId }).params<Params>().Key);
  });

  it('builds the four counter keys and their stamps as ElectroDB does', () => {
    const e = db();
    const cases: [Params, Record<string, string>, Record<string, unknown>][] = [
      [e.cardScanTotal.update({ cardId }).add({ scanCount: 1 }).params<Params>(), cardKeys.cardScanTotal(cardId), counterStamps.cardScanTotal(cardId)],
      [e.businessScanTotal.update({ businessId }).add({ scanCount: 1 }).params<Params>(), cardKeys.businessScanTotal(businessId), counterStamps.businessScanTotal(businessId)],
      [e.cardScanDay.upsert({ cardId, day, businessId }).add({ count: 1 }).params<Params>(), cardKeys.cardScanDay(cardId, day), counterStamps.cardScanDay(cardId, businessId, day)],
      [e.businessScanDay.upsert({ businessId, day }).add({ count: 1 }).params<Params>(), cardKeys.businessScanDay(businessId, day), counterStamps.businessScanDay(businessId, day)],
    ];
    for (const [params, key, stamps] of cases) {
      expect(key).toEqual(params.Key);
      expect(stamps).toEqual(setAttributes(params));
    }
  });
});

// The keys of the items a public card request touches, written out for the card page Lambda, which reads and counts
// with the plain document client instead of loading ElectroDB. entities.ts still defines them; card-keys.test.ts
// proves these builders produce exactly ElectroDB's keys and attributes, so the two cannot drift apart.
const SERVICE = 'cardcrew';
/** ElectroDB writes key values lower-cased. */
const part = (name: string, value: string) => `$${SERVICE}#${name}_${value.toLowerCase()}`;
/** The entity stamp ElectroDB needs to read an item back (a day counter is first created by the ADD). */
const stamp = (entity: string) => ({ __edb_e__: entity, __edb_v__: '1' });

export const cardKeys = {
  card: (cardId: string) => ({ pk: part('cardid', cardId), sk: '$card_1' }),
  cardScanTotal: (cardId: string) => ({ pk: part('cardid', cardId), sk: '$cardscantotal_1' }),
  businessScanTotal: (businessId: string) => ({ pk: part('businessid', businessId), sk: '$businessscantotal_1' }),
  cardScanDay: (cardId: string, day: string) => ({ pk: part('cardid', cardId), sk: `$cardscanday_1#day_${day.toLowerCase()}` }),
  businessScanDay: (businessId: string, day: string) => ({ pk: part('businessid', businessId), sk: `$businessscanday_1#day_${day.toLowerCase()}` }),
};

/** The attributes an ADD must also SET so the counter items read back as their entities. */
export const counterStamps = {
  cardScanTotal: (cardId: string) => ({ ...stamp('cardScanTotal'), cardId }),
  businessScanTotal: (businessId: string) => ({ ...stamp('businessScanTotal'), businessId }),
  /** With the card's business and its gsi2 keys: the business's card-days in a range are one Query (top cards). */
  cardScanDay: (cardId: string, businessId: string, day: string) => ({
    ...stamp('cardScanDay'),
    cardId,
    day,
    businessId,
    gsi2pk: part('businessid', businessId),
    gsi2sk: `$cardscanday_1#day_${day.toLowerCase()}#cardid_${cardId.toLowerCase()}`,
  }),
  businessScanDay: (businessId: string, day: string) => ({ ...stamp('businessScanDay'), businessId, day }),
};

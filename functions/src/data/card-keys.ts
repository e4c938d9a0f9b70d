// The keys of the items a public card request touches, written out for the card page Lambda, which reads and counts
// with the plain document client instead of loading ElectroDB. entities.ts still defines them; card-keys.test.ts
// proves these builders produce exactly ElectroDB's keys and attributes, so the two cannot drift apart.
import { entityStamp, keyPart } from './key-format';

export const cardKeys = {
  card: (cardId: string) => ({ pk: keyPart('cardid', cardId), sk: '$card_1' }),
  cardScanTotal: (cardId: string) => ({ pk: keyPart('cardid', cardId), sk: '$cardscantotal_1' }),
  /** A leaver's card (issue 23 §2): the page after the employee left or was deleted. */
  leaver: (cardId: string) => ({ pk: keyPart('cardid', cardId), sk: '$leaver_1' }),
  businessScanTotal: (businessId: string) => ({ pk: keyPart('businessid', businessId), sk: '$businessscantotal_1' }),
  cardScanDay: (cardId: string, day: string) => ({ pk: keyPart('cardid', cardId), sk: `$cardscanday_1#day_${day.toLowerCase()}` }),
  businessScanDay: (businessId: string, day: string) => ({ pk: keyPart('businessid', businessId), sk: `$businessscanday_1#day_${day.toLowerCase()}` }),
};

/** The attributes an ADD must also SET so the counter items read back as their entities (a day counter is first created by the ADD). */
export const counterStamps = {
  cardScanTotal: (cardId: string) => ({ ...entityStamp('cardScanTotal'), cardId }),
  businessScanTotal: (businessId: string) => ({ ...entityStamp('businessScanTotal'), businessId }),
  /** With the card's business and its gsi2 keys: the business's card-days in a range are one Query (top cards). */
  cardScanDay: (cardId: string, businessId: string, day: string) => ({
    ...entityStamp('cardScanDay'),
    cardId,
    day,
    businessId,
    gsi2pk: keyPart('businessid', businessId),
    gsi2sk: `$cardscanday_1#day_${day.toLowerCase()}#cardid_${cardId.toLowerCase()}`,
  }),
  businessScanDay: (businessId: string, day: string) => ({ ...entityStamp('businessScanDay'), businessId, day }),
};

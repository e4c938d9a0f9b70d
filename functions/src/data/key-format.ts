// How ElectroDB spells the single table's keys and stamps its items (docs/access-patterns.md), for the Lambdas that read
// and write with the plain document client instead of loading ElectroDB: the card page (card-keys.ts) and payments
// (payment-keys.ts). entities.ts still defines every item; each key module's test proves its keys equal ElectroDB's.
const SERVICE = 'cardcrew';
const VERSION = '1';

/** A partition key `$cardcrew#<name>_<value>`; ElectroDB writes key values lower-cased. */
export const keyPart = (name: string, value: string) => `$${SERVICE}#${name}_${value.toLowerCase()}`;

/** The entity stamp ElectroDB writes on every item and needs to read one back as that entity. */
export const entityStamp = (entity: string) => ({ __edb_e__: entity, __edb_v__: VERSION });

/** Whether a stored item is one of `entity`'s: ElectroDB's get answers null for an item of another entity or version. */
export function isItemOf(item: Record<string, unknown> | undefined, entity: string): item is Record<string, unknown> {
  return item?.__edb_e__ === entity && item.__edb_v__ === VERSION;
}

// What the card-sharing worker reacts to (issue 22): every write of a card item — created, edited (its copy of the
// profile or of the company brand), deactivated or deleted — reaches the worker through the table's stream as a
// CardChange. Each way of sharing a card keeps itself current from here (the link preview image, the saved Google
// Wallet pass, Apple Wallet passes on devices), so no write path has to know about any of them.
import type { CardRecord } from './repository';

export interface CardChange {
  cardId: string;
  businessId: string;
  employeeId: string;
  /** The card before the write; absent when the write created it. */
  before?: CardRecord;
  /** The card after the write; absent when the write deleted it. */
  after?: CardRecord;
}

/** One way of sharing reacting to a change; it must be idempotent (the stream delivers a record at least once). */
export type CardReaction = (change: CardChange) => Promise<void>;

/** Map attributes may come back from a stream image in any key order: compare them key by key. */
const sameFields = (a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined) => {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].every((k) => a?.[k] === b?.[k]);
};

/**
 * True when what a shared card shows changed: the person (name, title, photo and the other profile fields), the
 * company (name, logo, colours), or whether the card is active — or the card was created or deleted. A write that
 * only touches bookkeeping (the QR code links, a preview image's key) is not a change to react to, which also keeps
 * a reaction's own write-back from coming round again.
 */
export function showsDifferently(change: CardChange): boolean {
  const { before, after } = change;
  if (!before || !after) return true;
  return before.isActive !== after.isActive || !sameFields(before.profile, after.profile) || !sameFields(before.business, after.business);
}

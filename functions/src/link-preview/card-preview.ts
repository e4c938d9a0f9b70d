// Keeping a card's link preview image current (issue 22 §5), run by the card-sharing worker for each change of what the
// card shows. The image is rendered once per distinct look, never per request: its key is a hash of everything drawn,
// so the same inputs give the same key (a retried or repeated change writes nothing new) and a new look is a new URL
// that chat apps fetch afresh. The card then points at it (`previewImageUrl`), and the image it pointed at before is
// deleted. A deleted card's image is deleted with it, and so is a deactivated card's (a leaver leaves nothing public:
// the card stops pointing at it first, then the object goes; docs/decisions.md 'Leavers leave nothing public').
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { renditionUrl } from '../../../shared/media-urls';
import { deleteMediaObjects, getMediaObject, mediaKeyOf, putMediaObject } from '../adapters/media';
import type { CardRecord } from '../business/repository';
import type { CardChange } from '../business/card-changes';
import { isConditionalFailure } from '../data/conditional';
import { cardKeys } from '../data/card-keys';
import { dynamo, tableName } from '../data/client';
import { logger } from '../lib/logger';
import { renderPreview, type PreviewContent } from './preview-image';

/** Bumped when the drawing changes, so every card's next change renders under a new key. */
export const PREVIEW_DESIGN_VERSION = 1;
export const PREVIEW_PREFIX = 'previews/';
/** The stored renditions the preview draws from (shared/media-urls.ts): the largest photo and logo sizes. */
const PHOTO_RENDITION = 192;
const LOGO_RENDITION = 256;

/** Everything the preview draws, as stored on the card (image URLs are versioned keys, so they stand for the bytes). */
export function previewInputsOf(card: Pick<CardRecord, 'profile' | 'business'>) {
  const { profile: p, business: b } = card;
  return {
    design: PREVIEW_DESIGN_VERSION,
    name: p.name,
    jobTitle: p.jobTitle ?? null,
    company: b.name,
    primaryColor: b.primaryColor ?? null,
    secondaryColor: b.secondaryColor ?? null,
    accentColor: b.accentColor ?? null,
    photoUrl: p.photoUrl ?? null,
    logoUrl: b.logoUrl ?? null,
  };
}

/** `previews/{cardId}/{hash}.jpg`, the hash a short sha256 of the inputs: the same inputs always give the same key. */
export function previewKeyOf(card: Pick<CardRecord, 'cardId' | 'profile' | 'business'>): string {
  const hash = createHash('sha256').update(JSON.stringify(previewInputsOf(card))).digest('base64url').slice(0, 16);
  return `${PREVIEW_PREFIX}${card.cardId}/${hash}.jpg`;
}

/** The key of a stored preview URL, or null when it is not one of ours. */
function previewKeyOfUrl(url: string | undefined): string | null {
  const key = url ? mediaKeyOf(url) : null;
  return key?.startsWith(PREVIEW_PREFIX) ? key : null;
}

/**
 * An image of our own media bucket (photos/ or logos/ only: what this worker may read); null when it is absent,
 * external or unreadable — the preview then goes without it rather than failing.
 */
async function readOwnImage(url: string | undefined, size: number): Promise<Uint8Array | null> {
  if (!url) return null;
  const key = mediaKeyOf(renditionUrl(url, size));
  if (!key || !(key.startsWith('photos/') || key.startsWith('logos/'))) return null;
  try {
    const object = await getMediaObject(key);
    return (await object.Body?.transformToByteArray()) ?? null;
  } catch (error) {
    logger.warn('link preview drawn without an image', { key, error: error as Error });
    return null;
  }
}

/** What the preview of a card draws: its person and brand, with the photo and logo bytes given. */
export function previewContentOf(card: Pick<CardRecord, 'profile' | 'business'>, images: Pick<PreviewContent, 'photo' | 'logo'>): PreviewContent {
  const { profile: p, business: b } = card;
  return { name: p.name, jobTitle: p.jobTitle, company: b.name, primaryColor: b.primaryColor, secondaryColor: b.secondaryColor, accentColor: b.accentColor, ...images };
}

/** Renders the card's preview, stores it under `key` and returns its public URL. */
async function renderAndStore(card: CardRecord, key: string): Promise<string> {
  const [photo, logo] = await Promise.all([readOwnImage(card.profile.photoUrl, PHOTO_RENDITION), readOwnImage(card.business.logoUrl, LOGO_RENDITION)]);
  const jpeg = await renderPreview(previewContentOf(card, { photo, logo }));
  const url = await putMediaObject(key, jpeg, 'image/jpeg');
  logger.info('link preview rendered', { cardId: card.cardId, key, bytes: jpeg.byteLength });
  return url;
}

/** Points the card at `url` if it still exists; returns the URL it pointed at before, or false when the card is gone. */
async function pointCardAt(cardId: string, url: string): Promise<{ previous?: string } | false> {
  try {
    // Bookkeeping, not an edit of the card: a plain update (ElectroDB's patch would also move the card's updatedAt), on
    // condition that the card still exists.
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: cardKeys.card(cardId),
        UpdateExpression: 'SET previewImageUrl = :url',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':url': url },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { previous: (Attributes as Partial<CardRecord> | undefined)?.previewImageUrl };
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * Stops the card pointing at `url` (only if it still does: a newer preview is left alone), then deletes the object;
 * a card deleted meanwhile loses the object all the same. Safe to repeat.
 */
async function removePreview(cardId: string, url: string): Promise<void> {
  const key = previewKeyOfUrl(url);
  if (!key) return;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: cardKeys.card(cardId),
        UpdateExpression: 'REMOVE previewImageUrl',
        ConditionExpression: 'previewImageUrl = :url',
        ExpressionAttributeValues: { ':url': url },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
  await deleteMediaObjects([key]);
  logger.info('link preview removed', { cardId, key });
}

/**
 * The reaction: a card created or changed gets the preview of its current look; a deactivated card (its employee left)
 * or a deleted one loses its preview.
 */
export async function updateLinkPreview(change: CardChange): Promise<void> {
  const { after, before } = change;
  if (!after) {
    const key = previewKeyOfUrl(before?.previewImageUrl);
    if (key) await deleteMediaObjects([key]);
    return;
  }
  // A leaver's card (issue 39): their name, title and photo must not stay public at the preview's URL. Reactivated,
  // the card renders its preview again.
  if (!after.isActive) {
    if (after.previewImageUrl) await removePreview(after.cardId, after.previewImageUrl);
    return;
  }
  // A business switched off shows no page, so nothing links to a preview; it renders when it is active again.
  if (!after.business.isActive) return;
  const key = previewKeyOf(after);
  const current = previewKeyOfUrl(after.previewImageUrl);
  if (current === key) return;
  // A retry after the image was stored but before the card pointed at it renders the same bytes again: harmless.
  const url = await renderAndStore(after, key);
  const pointed = await pointCardAt(after.cardId, url);
  if (pointed === false) {
    // Deleted meanwhile: its REMOVE record deletes what it pointed at; this image was never pointed at.
    await deleteMediaObjects([key]);
    return;
  }
  const previous = previewKeyOfUrl(pointed.previous);
  if (previous && previous !== key) await deleteMediaObjects([previous]);
}

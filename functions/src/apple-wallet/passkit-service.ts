// Apple's PassKit web service (issue 22 §1; developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes):
// Wallet registers a device for a pass, asks which passes changed since its last tag, fetches the latest pass and sends
// its logs. Calls about one pass carry `Authorization: ApplePass <authenticationToken>` (pass-tokens.ts): a wrong or
// missing one is a 401. The update tag and Last-Modified are the card's updatedAt (any write of the card moves it; a
// change Wallet shows also pushes, card-sharing reaction `appleWallet`).
import { messages } from '../../../shared/messages';
import { getCard } from '../business/repository';
import { AppError, notFound } from '../lib/errors';
import { logger } from '../lib/logger';
import { passOf, requireSigner } from './apple-pass';
import { isAuthenticationToken, passSecretOf } from './pass-tokens';
import { deleteRegistration, saveRegistration, serialsOfDevice } from './registrations';
import type { AppleWalletSigner } from '../adapters/apple-wallet-signer';

const unauthorized = () => new AppError('UNAUTHENTICATED', 'Missing or wrong ApplePass authorization.');

/** The signer, when the pass type is ours (another pass type is a pass we never issued: 404). */
async function signerFor(passTypeIdentifier: string): Promise<AppleWalletSigner> {
  const signer = await requireSigner();
  if (passTypeIdentifier !== signer.passTypeIdentifier) throw notFound(messages.generic.notFound);
  return signer;
}

function assertPassAuthorization(signer: AppleWalletSigner, serialNumber: string, header: string | undefined): void {
  const token = /^ApplePass (\S+)$/.exec(header ?? '')?.[1];
  if (!token || !isAuthenticationToken(passSecretOf(signer.signerKey), serialNumber, token)) throw unauthorized();
}

export interface PassRef {
  deviceLibraryIdentifier: string;
  passTypeIdentifier: string;
  serialNumber: string;
}

/** 201 for a new registration, 200 for one the device had already. */
export async function registerDevice(ref: PassRef, pushToken: string, authorization: string | undefined): Promise<201 | 200> {
  const signer = await signerFor(ref.passTypeIdentifier);
  assertPassAuthorization(signer, ref.serialNumber, authorization);
  if (!(await getCard(ref.serialNumber))) throw notFound(messages.generic.notFound);
  return (await saveRegistration({ ...ref, pushToken })) ? 201 : 200;
}

export async function unregisterDevice(ref: PassRef, authorization: string | undefined): Promise<void> {
  const signer = await signerFor(ref.passTypeIdentifier);
  assertPassAuthorization(signer, ref.serialNumber, authorization);
  await deleteRegistration(ref);
}

const updatedMs = (updatedAt: string | undefined) => (updatedAt ? Date.parse(updatedAt) : 0);

/** The device's passes changed after `since` (a tag we gave), with the new tag; null when none changed (204). */
export async function updatedSerials(deviceLibraryIdentifier: string, passTypeIdentifier: string, since: string | undefined): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  await signerFor(passTypeIdentifier);
  const serials = await serialsOfDevice(deviceLibraryIdentifier, passTypeIdentifier);
  const sinceMs = since ? Number(since) : -1;
  const cards = await Promise.all(serials.map((serial) => getCard(serial)));
  const changed = cards.filter((card) => card && updatedMs(card.updatedAt) > sinceMs);
  if (changed.length === 0) return null;
  const lastUpdated = Math.max(...changed.map((card) => updatedMs(card!.updatedAt)));
  return { serialNumbers: changed.map((card) => card!.cardId), lastUpdated: String(lastUpdated) };
}

/** The latest pass, or 'not modified' when it has not changed since `If-Modified-Since` (seconds, as HTTP dates are). */
export async function latestPass(passTypeIdentifier: string, serialNumber: string, authorization: string | undefined, ifModifiedSince: string | undefined): Promise<{ pass: Buffer; lastModified: string } | 'not modified'> {
  const signer = await signerFor(passTypeIdentifier);
  assertPassAuthorization(signer, serialNumber, authorization);
  const card = await getCard(serialNumber);
  if (!card) throw notFound(messages.generic.notFound);
  const modifiedSeconds = Math.floor(updatedMs(card.updatedAt) / 1000);
  const sinceMs = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
  if (!Number.isNaN(sinceMs) && modifiedSeconds <= Math.floor(sinceMs / 1000)) return 'not modified';
  return { pass: await passOf(signer, card), lastModified: new Date(modifiedSeconds * 1000).toUTCString() };
}

/** Wallet's own error reports about our service: logged (bounded by the route's schema). */
export function recordDeviceLogs(logs: string[]): void {
  for (const line of logs) logger.warn('apple wallet device log', { line });
}

// What the local Google Wallet stand-in checks (issue 22 §2), as Google does: a "Save to Google Wallet" JWT (RS256
// signature by a known service account, aud 'google', typ 'savetowallet', iat, origins, the Generic pass objects and
// their ids and required fields) and the OAuth 2 JWT-bearer assertion a service account trades for an access token.
// Pure functions (no server), so every refusal is unit-tested.
import { createPublicKey, verify } from 'node:crypto';

/** The Wallet API scope an issuer's service account asks for. */
export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

/** Seconds of clock skew allowed for `iat` in the future, as JWT verifiers usually allow. */
const CLOCK_SKEW_SECONDS = 60;

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };
const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function decodePart(part: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A compact JWS signed RS256 by the account named in `iss`: its claims, or why not. */
export function verifyRs256(jwt: string, publicKeyOf: (email: string) => string | undefined): Checked<Json> {
  const parts = jwt.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[\w-]*$/.test(p))) return refuse('The token is not a compact JWT (three base64url parts).');
  const header = decodePart(parts[0]!);
  const claims = decodePart(parts[1]!);
  if (!header || !claims) return refuse('The token header or payload is not base64url-encoded JSON.');
  if (header.alg !== 'RS256') return refuse(`Unsupported signing algorithm "${String(header.alg)}": RS256 is required.`);
  if (typeof claims.iss !== 'string') return refuse('The "iss" claim (the service account email) is missing.');
  const publicKey = publicKeyOf(claims.iss);
  if (!publicKey) return refuse(`Unknown issuer "${claims.iss}": no service account with this email.`);
  const valid = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), createPublicKey(publicKey), Buffer.from(parts[2]!, 'base64url'));
  if (!valid) return refuse('The JWT signature does not verify with the service account’s public key.');
  return { ok: true, value: claims };
}

function checkIssuedAt(claims: Json, now: number): string | undefined {
  if (typeof claims.iat !== 'number') return 'The "iat" claim is missing.';
  if (claims.iat > now + CLOCK_SKEW_SECONDS) return 'The "iat" claim is in the future.';
  return undefined;
}

const idSuffix = /^[A-Za-z0-9._-]+$/;
const hexColor = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const barcodeTypes = new Set(['QR_CODE', 'AZTEC', 'CODE_128', 'CODE_39', 'DATA_MATRIX', 'EAN_13', 'EAN_8', 'ITF_14', 'PDF_417', 'UPC_A']);

/** `{issuerId}.{suffix}` with the issuer's own id and a suffix of letters, digits, '.', '_' and '-'. */
function idProblem(what: string, id: unknown, issuerId: string): string | undefined {
  if (typeof id !== 'string' || !id) return `The ${what} has no "id".`;
  const dot = id.indexOf('.');
  if (dot < 0 || !idSuffix.test(id.slice(dot + 1))) return `The ${what} id "${id}" must be "{issuerId}.{identifier}" (letters, digits, '.', '_' or '-').`;
  if (id.slice(0, dot) !== issuerId) return `The ${what} id "${id}" does not belong to issuer ${issuerId}.`;
  return undefined;
}

/** A LocalizedString's default text, when it has one. */
export const localizedText = (value: unknown): string | undefined => {
  const text = isObject(value) && isObject(value.defaultValue) ? value.defaultValue.value : undefined;
  return typeof text === 'string' && text.trim() ? text : undefined;
};

/** Why a Generic pass object would be refused, or undefined. `classIds`: the classes it may name. */
export function genericObjectProblem(object: unknown, issuerId: string, classIds: ReadonlySet<string>): string | undefined {
  if (!isObject(object)) return 'A generic object is not a JSON object.';
  const badId = idProblem('generic object', object.id, issuerId);
  if (badId) return badId;
  const badClass = idProblem('generic object’s class', object.classId, issuerId);
  if (badClass) return badClass;
  if (!classIds.has(object.classId as string)) return `The class "${String(object.classId)}" does not exist and is not in the JWT's genericClasses.`;
  if (!localizedText(object.cardTitle)) return `The generic object "${String(object.id)}" is missing the required field "cardTitle".`;
  if (!localizedText(object.header)) return `The generic object "${String(object.id)}" is missing the required field "header".`;
  if (object.subheader !== undefined && !localizedText(object.subheader)) return 'The "subheader" is not a localized string with a default value.';
  if (object.state !== undefined && !['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE'].includes(String(object.state))) return `Unknown state "${String(object.state)}".`;
  if (object.barcode !== undefined) {
    const barcode = object.barcode;
    if (!isObject(barcode) || !barcodeTypes.has(String(barcode.type))) return 'The barcode needs a known "type" (e.g. QR_CODE).';
    if (typeof barcode.value !== 'string' || !barcode.value) return 'The barcode needs a "value".';
  }
  if (object.logo !== undefined) {
    const uri = isObject(object.logo) && isObject(object.logo.sourceUri) ? object.logo.sourceUri.uri : undefined;
    if (typeof uri !== 'string' || !URL.canParse(uri)) return 'The logo needs "sourceUri.uri", an image URL.';
  }
  if (object.hexBackgroundColor !== undefined && (typeof object.hexBackgroundColor !== 'string' || !hexColor.test(object.hexBackgroundColor)))
    return `"hexBackgroundColor" must be #rgb or #rrggbb, not "${String(object.hexBackgroundColor)}".`;
  return undefined;
}

export interface SaveRequest {
  claims: Json;
  genericClasses: Json[];
  genericObjects: Json[];
}

export interface SaveContext {
  /** The public key (PEM) of a service account by its email. */
  publicKeyOf: (email: string) => string | undefined;
  issuerId: string;
  /** The origin of the site the save button is on. */
  siteOrigin: string;
  /** Classes saved before. */
  existingClassIds: ReadonlySet<string>;
  now?: number;
}

/** Checks a save JWT as Google's save page does: the pass to show, or why "This pass can't be added". */
export function checkSaveJwt(jwt: string, context: SaveContext): Checked<SaveRequest> {
  const signed = verifyRs256(jwt, context.publicKeyOf);
  if (!signed.ok) return signed;
  const claims = signed.value;
  if (claims.aud !== 'google') return refuse(`The "aud" claim must be "google", not "${String(claims.aud)}".`);
  if (claims.typ !== 'savetowallet') return refuse(`The "typ" claim must be "savetowallet", not "${String(claims.typ)}".`);
  const iat = checkIssuedAt(claims, context.now ?? Math.floor(Date.now() / 1000));
  if (iat) return refuse(iat);
  const origins = claims.origins;
  if (!Array.isArray(origins) || origins.length === 0) return refuse('The "origins" claim must be a non-empty array of the sites the button is on.');
  if (!origins.includes(context.siteOrigin)) return refuse(`The origin ${context.siteOrigin} is not listed in "origins" (${origins.map(String).join(', ')}).`);
  const payload = claims.payload;
  if (!isObject(payload)) return refuse('The "payload" claim is missing.');
  const genericObjects = payload.genericObjects;
  if (!Array.isArray(genericObjects) || genericObjects.length === 0) return refuse('The payload has no "genericObjects".');
  const genericClasses = payload.genericClasses ?? [];
  if (!Array.isArray(genericClasses)) return refuse('"genericClasses" must be an array.');
  for (const cls of genericClasses) {
    const problem = isObject(cls) ? idProblem('generic class', cls.id, context.issuerId) : 'A generic class is not a JSON object.';
    if (problem) return refuse(problem);
  }
  const classIds = new Set([...context.existingClassIds, ...genericClasses.map((c) => (c as Json).id as string)]);
  for (const object of genericObjects) {
    const problem = genericObjectProblem(object, context.issuerId, classIds);
    if (problem) return refuse(problem);
  }
  return { ok: true, value: { claims, genericClasses: genericClasses as Json[], genericObjects: genericObjects as Json[] } };
}

/** Checks an OAuth 2 JWT-bearer assertion (RFC 7523) as Google's token endpoint does: the service account's email. */
export function checkTokenAssertion(assertion: string, context: { publicKeyOf: (email: string) => string | undefined; tokenUrl: string; now?: number }): Checked<string> {
  const signed = verifyRs256(assertion, context.publicKeyOf);
  if (!signed.ok) return signed;
  const claims = signed.value;
  const now = context.now ?? Math.floor(Date.now() / 1000);
  if (claims.aud !== context.tokenUrl) return refuse(`The assertion's "aud" must be ${context.tokenUrl}.`);
  const iat = checkIssuedAt(claims, now);
  if (iat) return refuse(iat);
  if (typeof claims.exp !== 'number' || claims.exp <= now) return refuse('The assertion has expired (or has no "exp").');
  if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(WALLET_SCOPE)) return refuse(`The assertion's "scope" must include ${WALLET_SCOPE}.`);
  return { ok: true, value: claims.iss as string };
}

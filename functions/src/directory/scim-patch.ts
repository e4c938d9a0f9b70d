// SCIM PATCH (RFC 7644 §3.5.2) on a User document, with scim-patch doing the path work (value filters such as
// emails[type eq "work"].value, the enterprise extension's URN paths, no-path values). Before it: the PatchOp message
// is checked and the forms identity providers really send are normalised (Entra ID's capitalised ops "Replace",
// "Add"; its booleans "True"/"False"). After it: the result is a whole User document that PUT's reading validates.
import { scimPatch, ScimError as PatchLibraryError, type ScimPatchOperation } from 'scim-patch';
import { invalidSyntax, invalidValue, ScimError } from './scim-errors';
import { PATCH_SCHEMA, scimBoolean, type ScimUser } from './scim-user';

/** Attributes a PATCH may not touch (mutability readOnly). */
const readOnlyPaths = /^(id|meta(\..*)?|schemas)$/i;
const MAX_OPERATIONS = 100;

function normaliseOperation(op: unknown): ScimPatchOperation {
  if (typeof op !== 'object' || op === null || Array.isArray(op)) throw invalidSyntax('Each operation must be an object');
  const o = Object.fromEntries(Object.entries(op).map(([k, v]) => [k.toLowerCase(), v])) as { op?: unknown; path?: unknown; value?: unknown };
  if (typeof o.op !== 'string' || !['add', 'replace', 'remove'].includes(o.op.toLowerCase())) throw invalidSyntax('op must be add, replace or remove');
  if (o.path !== undefined && o.path !== null && (typeof o.path !== 'string' || o.path.length > 500)) throw new ScimError(400, 'path must be a string', 'invalidPath');
  const kind = o.op.toLowerCase() as 'add' | 'replace' | 'remove';
  const path = typeof o.path === 'string' && o.path.trim() ? o.path.trim() : undefined;
  if (kind === 'remove' && !path) throw new ScimError(400, 'A remove needs a path', 'noTarget');
  if (kind !== 'remove' && !path && (typeof o.value !== 'object' || o.value === null || Array.isArray(o.value))) throw invalidSyntax('An add or replace without a path needs an object value');
  if (path && readOnlyPaths.test(path)) throw new ScimError(400, `${path} is read-only`, 'mutability');
  return { op: kind, ...(path ? { path } : {}), ...('value' in o ? { value: o.value } : {}) } as ScimPatchOperation;
}

/** The PatchOp message's operations, normalised; a SCIM 400 for anything else. */
export function readPatchMessage(body: unknown): ScimPatchOperation[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidSyntax('The request body must be a PatchOp message');
  const message = Object.fromEntries(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v])) as { schemas?: unknown; operations?: unknown };
  if (!Array.isArray(message.schemas) || !message.schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_SCHEMA.toLowerCase())) throw invalidSyntax(`schemas must be ["${PATCH_SCHEMA}"]`);
  if (!Array.isArray(message.operations) || message.operations.length === 0 || message.operations.length > MAX_OPERATIONS) throw invalidSyntax(`Operations must list 1 to ${MAX_OPERATIONS} operations`);
  return message.operations.map(normaliseOperation);
}

/** The value at a simple path (`title`, `name.givenName`, `urn:…:User:manager`), attribute names in any case. */
function valueAt(document: Record<string, unknown>, path: string): unknown {
  const at = (value: unknown, name: string) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[Object.keys(value).find((k) => k.toLowerCase() === name.toLowerCase()) ?? ''] : undefined;
  const colon = path.lastIndexOf(':');
  let value: unknown = path.toLowerCase().startsWith('urn:') && colon > 0 ? at(document, path.slice(0, colon)) : document;
  for (const part of (colon > 0 && path.toLowerCase().startsWith('urn:') ? path.slice(colon + 1) : path).split('.')) value = at(value, part);
  return value;
}

/**
 * Entra ID removes a single-valued attribute (the manager) with its old value in the operation; RFC 7644 has a value
 * on remove only for multi-valued attributes, and scim-patch refuses it. Such a value is dropped.
 */
function withoutSingleValuedRemoveValues(current: ScimUser, operations: ScimPatchOperation[]): ScimPatchOperation[] {
  return operations.map((op) =>
    op.op === 'remove' && op.value !== undefined && !op.path.includes('[') && !Array.isArray(valueAt(current as unknown as Record<string, unknown>, op.path)) ? { op: 'remove', path: op.path } : op,
  );
}

/** The User document after the operations (without id and meta), for readUserDocument to check in full. */
export function applyPatch(current: ScimUser, requested: ScimPatchOperation[]): Record<string, unknown> {
  const operations = withoutSingleValuedRemoveValues(current, requested);
  let patched: Record<string, unknown>;
  try {
    const resource = { ...current, meta: { ...current.meta, created: new Date(current.meta.created), lastModified: new Date(current.meta.lastModified) } };
    patched = scimPatch(resource, operations, { mutateDocument: false, treatMissingAsAdd: true }) as unknown as Record<string, unknown>;
  } catch (error) {
    if (error instanceof PatchLibraryError) {
      const known = ['invalidPath', 'noTarget', 'invalidValue', 'invalidSyntax'] as const;
      const scimType = known.find((t) => t === error.scimCode) ?? 'invalidValue';
      throw new ScimError(400, error.message, scimType);
    }
    throw invalidValue(`The patch cannot be applied: ${(error as Error).message}`);
  }
  if (patched.active !== undefined) patched.active = scimBoolean(patched.active, 'active');
  // The employee has one name: a patch of displayName, or of the name parts alone, renames it.
  const name = (typeof patched.name === 'object' && patched.name !== null ? { ...(patched.name as Record<string, unknown>) } : {}) as Record<string, unknown>;
  if (name.formatted === current.name.formatted) {
    if (patched.displayName !== current.displayName && typeof patched.displayName === 'string') name.formatted = patched.displayName;
    else if (name.givenName !== current.name.givenName || name.familyName !== current.name.familyName) delete name.formatted;
    patched.name = name;
  }
  const { id: _id, meta: _meta, ...document } = patched;
  return document;
}

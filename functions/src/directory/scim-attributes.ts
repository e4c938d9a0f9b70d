// Attribute selection (RFC 7644 §3.4.2.5, §3.9): `attributes` returns only the listed attributes, `excludedAttributes`
// drops the listed ones; `id` and `schemas` are always returned. Paths are case-insensitive and may be qualified with
// their schema URN (`urn:…:core:2.0:User:userName`, `urn:…:enterprise:2.0:User:department`) or name a sub-attribute
// (`name.givenName`, `emails.value`).
import { invalidValue } from './scim-errors';

const ALWAYS = new Set(['id', 'schemas']);
const CORE_SCHEMAS = ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:core:2.0:Group'];
const EXTENSION_SCHEMAS = ['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'];

/** A selected path: the top-level attribute (an extension's URN for its attributes) and an optional sub-attribute. */
interface AttributePath {
  top: string;
  sub?: string;
}

function parsePath(raw: string): AttributePath {
  const path = raw.trim();
  if (!/^[A-Za-z0-9:._$-]{1,200}$/.test(path)) throw invalidValue(`Invalid attribute path: ${raw.slice(0, 100)}`);
  const lower = path.toLowerCase();
  for (const schema of EXTENSION_SCHEMAS) {
    if (lower === schema.toLowerCase()) return { top: schema };
    if (lower.startsWith(`${schema.toLowerCase()}:`)) return { top: schema, sub: path.slice(schema.length + 1).split('.')[0] };
  }
  const core = CORE_SCHEMAS.find((s) => lower.startsWith(`${s.toLowerCase()}:`));
  const [top, sub] = (core ? path.slice(core.length + 1) : path).split('.');
  return { top: top!, ...(sub ? { sub } : {}) };
}

function parseList(text: string | undefined): AttributePath[] | null {
  if (text === undefined || text.trim() === '') return null;
  if (text.length > 2000) throw invalidValue('The attribute list is too long');
  return text.split(',').map(parsePath);
}

const keyOf = (object: Record<string, unknown>, name: string) => Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());

function pickSub(value: unknown, sub: string): unknown {
  const one = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return undefined;
    const key = keyOf(v as Record<string, unknown>, sub);
    return key ? { [key]: (v as Record<string, unknown>)[key] } : undefined;
  };
  if (Array.isArray(value)) {
    const picked = value.map(one).filter((v) => v !== undefined);
    return picked.length ? picked : undefined;
  }
  return one(value);
}

function dropSub(value: unknown, sub: string): unknown {
  const one = (v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const key = keyOf(v as Record<string, unknown>, sub);
    if (!key) return v;
    const { [key]: _dropped, ...rest } = v as Record<string, unknown>;
    return rest;
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The selection of one request, checked once and applied to every resource of the answer. */
export interface AttributeSelection {
  attributes: AttributePath[] | null;
  excluded: AttributePath[] | null;
}

export function readAttributeSelection(query: Record<string, string | undefined>): AttributeSelection {
  return { attributes: parseList(query.attributes), excluded: parseList(query.excludedAttributes) };
}

/** The resource with only what the selection asks for (`id` and `schemas` always). */
export function selectAttributes<T extends object>(resource: T, selection: AttributeSelection): Partial<T> {
  const source = resource as Record<string, unknown>;
  let out: Record<string, unknown>;
  if (selection.attributes) {
    out = {};
    for (const key of Object.keys(source)) if (ALWAYS.has(key)) out[key] = source[key];
    for (const { top, sub } of selection.attributes) {
      const key = keyOf(source, top);
      if (!key || ALWAYS.has(key)) continue;
      if (!sub) {
        out[key] = source[key];
        continue;
      }
      const picked = pickSub(source[key], sub);
      if (picked === undefined) continue;
      // Two sub-attributes of one complex attribute (name.givenName,name.familyName) merge.
      const before = out[key];
      out[key] = typeof before === 'object' && before !== null && !Array.isArray(before) && !Array.isArray(picked) ? { ...before, ...(picked as object) } : picked;
    }
  } else {
    out = { ...source };
  }
  for (const { top, sub } of selection.excluded ?? []) {
    const key = keyOf(out, top);
    if (!key || ALWAYS.has(key)) continue;
    if (sub) out[key] = dropSub(out[key], sub);
    else delete out[key];
  }
  // schemas names the extensions the resource still carries.
  if (Array.isArray(out.schemas)) out.schemas = (out.schemas as string[]).filter((s) => !EXTENSION_SCHEMAS.includes(s) || s in out);
  return out as Partial<T>;
}

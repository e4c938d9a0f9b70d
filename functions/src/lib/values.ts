// Conversions between the table (absent attributes) and DTOs (explicit nulls).

/** Drops null/undefined values: ElectroDB stores absent attributes, DTOs show null. */
export function compact<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as never;
}

export const orNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);

/** An update's SET (the values given) and REMOVE (the nulls) parts; undefined leaves an attribute as it is. */
export function setAndRemove<T extends Record<string, unknown>>(fields: T) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return { set, remove };
}

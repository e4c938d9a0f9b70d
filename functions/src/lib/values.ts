// Conversions between the table (absent attributes) and DTOs (explicit nulls).

/** Drops null/undefined values: ElectroDB stores absent attributes, DTOs show null. */
export function compact<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as never;
}

export const orNull = <T>(value: T | undefined | null): T | null => (value === undefined ? null : value);

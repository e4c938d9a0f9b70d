// Devices registered for a pass's updates (issue 22 §1, docs/access-patterns.md): one passRegistration item per device
// and pass, read by device (the primary key) when a device asks which passes changed, and by serial number (gsi2)
// when a card changes and its devices are to be told.
import { db } from '../data/entities';

export interface Registration {
  deviceLibraryIdentifier: string;
  passTypeIdentifier: string;
  serialNumber: string;
  pushToken: string;
}

/** Stores (or refreshes the push token of) a registration; true when it is new. */
export async function saveRegistration(r: Registration): Promise<boolean> {
  const key = { deviceLibraryIdentifier: r.deviceLibraryIdentifier, passTypeIdentifier: r.passTypeIdentifier, serialNumber: r.serialNumber };
  const { data: existing } = await db().passRegistration.get(key).go({ consistent: true });
  if (existing && existing.pushToken === r.pushToken) return false;
  await db().passRegistration.put({ ...key, pushToken: r.pushToken }).go();
  return !existing;
}

export async function deleteRegistration(r: Omit<Registration, 'pushToken'>): Promise<void> {
  await db().passRegistration.delete({ deviceLibraryIdentifier: r.deviceLibraryIdentifier, passTypeIdentifier: r.passTypeIdentifier, serialNumber: r.serialNumber }).go();
}

/** The serial numbers of a pass type a device holds. */
export async function serialsOfDevice(deviceLibraryIdentifier: string, passTypeIdentifier: string): Promise<string[]> {
  const { data } = await db().passRegistration.query.primary({ deviceLibraryIdentifier, passTypeIdentifier }).go({ pages: 'all' });
  return data.map((r) => r.serialNumber);
}

/** The devices holding a pass (eventually consistent: the index). */
export async function registrationsOfSerial(serialNumber: string): Promise<Registration[]> {
  const { data } = await db().passRegistration.query.bySerial({ serialNumber }).go({ pages: 'all' });
  return data;
}

// Random, unguessable ids for everything that can appear in a URL (DESIGN §5).
import { randomBytes } from 'node:crypto';

/** 16 random bytes, base64url: 22 characters, 128 bits. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

// The `me` area Lambda: who am I.
import { httpHandler } from '../lib/http';
import { resolveMe } from './resolve-me';

export const handler = httpHandler('me', {
  getMe: async ({ caller, body }) => resolveMe(caller, body),
});

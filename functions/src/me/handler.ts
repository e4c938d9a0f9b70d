// The `me` area Lambda: who am I.
import { httpHandler } from '../lib/http-handler';
import { meRoutes } from '../../routes/me';
import { resolveMe } from './resolve-me';

export const handler = httpHandler(meRoutes, {
  getMe: async ({ caller, body }) => resolveMe(caller, body),
});

// The `me` area Lambda: who am I.
import { httpHandler, type OperationInput } from '../lib/http';
import type { Caller } from '../lib/caller';
import { resolveMe, type ResolveMeInput } from './resolve-me';

export const handler = httpHandler('me', {
  getMe: async ({ caller, body }: OperationInput<ResolveMeInput>) => resolveMe(caller as Caller, body),
});

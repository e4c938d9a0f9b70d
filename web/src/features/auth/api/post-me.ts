// POST /api/me: resolves the caller's account type and role on the server (spec 1 §4).
import type { Me } from '@shared/schemas/me';
import { apiRequest, parseResponse } from '@web/lib/api-client';
import type { PendingAccountType } from '@web/lib/pending-storage';

export async function postMe(pendingAccountType?: PendingAccountType): Promise<Me> {
  // The schema (and with it zod) loads in parallel with the request, keeping zod out of the boot chunk.
  const [{ meSchema }, json] = await Promise.all([
    import('@shared/schemas/me'),
    apiRequest<unknown>('/api/me', { method: 'POST', body: pendingAccountType ? { pendingAccountType } : {} }),
  ]);
  return parseResponse(meSchema, json, 'POST /api/me');
}

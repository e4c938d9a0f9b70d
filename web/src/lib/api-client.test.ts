import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from '@shared/zod';
import { ApiError, apiRequest } from './api-client';

const respond = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON and returns the parsed response', async () => {
    const fetchMock = respond({ id: 'b1', extra: 'ignored' }, 201);
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('/api/things', { method: 'POST', body: { a: 1 }, auth: false, schema: z.object({ id: z.string() }) });
    expect(result).toEqual({ id: 'b1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns the error body into an ApiError with its code and field errors', async () => {
    vi.stubGlobal('fetch', respond({ error: { code: 'BILLING_EMAIL_TAKEN', message: 'taken', fieldErrors: { billingEmail: 'taken' }, requestId: 'r1' } }, 409));
    const error = await apiRequest('/api/businesses', { method: 'POST', body: {}, auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'BILLING_EMAIL_TAKEN', message: 'taken', fieldErrors: { billingEmail: 'taken' }, requestId: 'r1' });
  });

  it('maps a body-less failure by status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 403 })));
    await expect(apiRequest('/api/x', { auth: false })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('reports a response that breaks its schema as BAD_RESPONSE', async () => {
    vi.stubGlobal('fetch', respond({ id: 42 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiRequest('/api/x', { auth: false, schema: z.object({ id: z.string() }) })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(apiRequest('/api/x', { auth: false })).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('refuses to call an authenticated route without a session', async () => {
    const fetchMock = respond({});
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/me', { method: 'POST' })).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

// Paying an invoice (the public payment page and the admin's Pay Now): a Stripe Checkout Session for the stored
// amount, and the return from Stripe — the session id is confirmed by the server with Stripe, never trusted as is.
import { checkoutSchema, paymentVerifiedSchema } from '@shared/schemas/invoice';
import { apiRequest } from './api-client';

export function startCheckout(invoiceId: string, returnTo: 'admin' | 'invoice') {
  return apiRequest(`/api/public/invoices/${encodeURIComponent(invoiceId)}/checkout`, { method: 'POST', body: { returnTo }, schema: checkoutSchema, auth: false });
}

export function verifyPayment(sessionId: string) {
  return apiRequest('/api/public/payments/verify', { method: 'POST', body: { sessionId }, schema: paymentVerifiedSchema, auth: false });
}

/**
 * Reads `payment` and `session_id` from the address once, and removes both (spec 2 §4). Returns what to do: verify a
 * session, say it was cancelled, or nothing.
 */
export function takePaymentReturn(params: URLSearchParams, setParams: (next: URLSearchParams) => void): { kind: 'success'; sessionId: string } | { kind: 'cancelled' } | null {
  const payment = params.get('payment');
  const sessionId = params.get('session_id');
  if (!payment) return null;
  const next = new URLSearchParams(params);
  next.delete('payment');
  next.delete('session_id');
  setParams(next);
  if (payment === 'success' && sessionId) return { kind: 'success', sessionId };
  if (payment === 'cancelled') return { kind: 'cancelled' };
  return null;
}

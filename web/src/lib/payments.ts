// Paying an invoice (the public payment page and the admin's Pay Now): a Stripe Checkout Session for the stored
// amount, and the return from Stripe — the session id is confirmed by the server with Stripe, never trusted as is.
import { messages } from '@shared/messages';
import { checkoutSchema, paymentVerifiedSchema } from '@shared/schemas/invoice';
import { toast } from '@web/lib/toast';
import { apiRequest } from './api-client';

export function startCheckout(invoiceId: string, returnTo: 'admin' | 'invoice') {
  return apiRequest(`/api/public/invoices/${encodeURIComponent(invoiceId)}/checkout`, { method: 'POST', body: { returnTo }, schema: checkoutSchema, auth: false });
}

/**
 * Pay (the payment page, the owner's Billing section): sends this tab to Stripe Checkout, back to the invoice's payment
 * page afterwards. False, with the failure said in a toast, when no session could be opened.
 */
export async function payInCheckout(invoiceId: string): Promise<boolean> {
  try {
    const { url } = await startCheckout(invoiceId, 'invoice');
    window.location.assign(url);
    return true;
  } catch {
    toast.error(messages.admin.errorTitle, { description: messages.invoicePayment.paymentFailed });
    return false;
  }
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

// Back from Stripe Checkout (spec 2 §4): `payment=success` with a session id is verified by the server with Stripe
// ('Payment Verified', or that the payment could not be applied and will be refunded), `payment=cancelled` says so ('Payment Cancelled'); both parameters are then removed from the
// address, and `reload` refreshes what the page shows.
import { messages } from '@shared/messages';
import { invoiceMessages } from '@shared/messages/invoice';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { takePaymentReturn, verifyPayment } from './payments';

export function usePaymentReturn(reload: () => void) {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const back = takePaymentReturn(params, (next) => setParams(next, { replace: true }));
    if (back?.kind === 'cancelled') toast.error(invoiceMessages.paymentCancelledTitle, { description: invoiceMessages.paymentCancelled });
    if (back?.kind === 'success') {
      const failed = () => toast.error(messages.admin.errorTitle, { description: invoiceMessages.verifyFailed });
      verifyPayment(back.sessionId)
        .then((result) => {
          if (result.unapplied) toast.warning(invoiceMessages.paymentUnapplied);
          else if (result.status === 'paid') toast.success(invoiceMessages.paymentVerified);
          else failed();
        })
        .catch(failed)
        .finally(reload);
    }
  }, [params, setParams, reload]);
}

// Agency Settings → Payments: Connect with Stripe (the agency's Express connected account, onboarded on Stripe's pages)
// and the state Stripe last reported: not connected, details needed, charges enabled or restricted. Stripe sends the
// browser back to /agency?stripe=return (or ?stripe=refresh when its link was used or expired), which opens Agency
// Settings here; the section then drops the parameter so a reload does not repeat it.
import { stripeConnectMessages } from '@shared/messages/stripe-connect';
import type { ConnectState } from '@shared/schemas/stripe-connect';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, type BadgeVariant } from '@web/components/badge';
import { Button } from '@web/components/button';
import { toast } from '@web/lib/toast';
import { useStartStripeOnboarding, useStripeConnect } from '../api/stripe-connect';

const variants: Record<ConnectState, BadgeVariant> = { not_connected: 'outline', details_needed: 'secondary', charges_enabled: 'success', restricted: 'destructive' };

/** The query parameter Stripe's return and refresh URLs carry (functions/src/stripe-connect/connect-account.ts). */
export const STRIPE_RETURN_PARAM = 'stripe';

export function PaymentsSection({ agencyId }: { agencyId: string }) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const view = useStripeConnect(agencyId);
  const start = useStartStripeOnboarding(agencyId);
  const [params, setParams] = useSearchParams();
  const back = params.get(STRIPE_RETURN_PARAM);
  // Kept after the parameter is dropped: the link Stripe refused is why the agency is here.
  const [expired] = useState(back === 'refresh');

  // Back from Stripe: show this section and forget the parameter.
  useEffect(() => {
    if (back === null) return;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    setParams(
      (current) => {
        current.delete(STRIPE_RETURN_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [back, setParams]);

  async function onConnect() {
    try {
      window.location.assign((await start.mutateAsync()).url);
    } catch {
      toast.error(stripeConnectMessages.startFailed);
    }
  }

  const state = view.data?.state;
  const copy = state ? stripeConnectMessages.states[state] : null;
  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="grid gap-4 border-t pt-6">
      <div className="grid gap-1">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <CreditCard aria-hidden className="size-4" />
          Payments
        </h3>
        <p className="text-sm text-muted-foreground">Clients you bill pay your agency by card through Stripe, on your own connected Stripe account.</p>
      </div>
      {view.isError && <p className="text-sm text-destructive">{stripeConnectMessages.loadFailed}</p>}
      {state && copy && (
        <div className="grid gap-3 rounded-md border p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">Stripe account</p>
            <Badge variant={variants[state]}>{copy.label}</Badge>
          </div>
          <p role="status" className="text-sm">
            {copy.detail}
          </p>
          {expired && state !== 'charges_enabled' && <p className="text-sm text-muted-foreground">{stripeConnectMessages.linkExpired}</p>}
          {state !== 'charges_enabled' && (
            <div>
              <Button onClick={() => void onConnect()} disabled={start.isPending}>
                <ExternalLink aria-hidden />
                {state === 'not_connected' ? 'Connect with Stripe' : 'Continue with Stripe'}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

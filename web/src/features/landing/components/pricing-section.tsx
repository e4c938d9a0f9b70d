// The pricing section of / and /pricing (spec 1 §2, §9): business plans in three columns, the agency plan,
// and the Volume Discounts box. Plans come from GET /api/plans; a failure is logged and shows no plans.
import type { PricingPlan } from '@shared/schemas/plan';
import { formatMoney } from '@shared/format';
import { Check } from 'lucide-react';
import { createElement, lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { cn } from '@web/lib/cn';
import { useHydrated } from '@web/lib/use-hydrated';
import { usePlans } from '../api/get-plans';

// The sales dialog (its form, schemas and dialog primitives) loads when it is first opened, not with the page.
const SalesContactDialog = lazy(() => import('./sales-contact-dialog').then((m) => ({ default: m.SalesContactDialog })));

/** Spec 1 §9: more users than this needs custom enterprise pricing. */
const VOLUME_DISCOUNT_USERS = 1000;

type HeadingLevel = 1 | 2;

/** A heading whose level follows the page the section sits in (h1 on /pricing, h2 on the landing page). */
function Heading({ level, ...props }: ComponentProps<'h2'> & { level: number }) {
  return createElement(`h${Math.min(level, 6)}`, props);
}

export interface PricingSectionProps {
  /** Decides where 'Get Started' goes: /business when signed in, /auth otherwise. */
  signedIn: boolean;
  /** The level of the section's title: 1 on /pricing, 2 inside the landing page. */
  level?: HeadingLevel;
}

export function PricingSection({ signedIn, level = 2 }: PricingSectionProps) {
  const { data: plans, isPending } = usePlans();
  const [salesOpen, setSalesOpen] = useState(false);
  // On the prerendered page the sales buttons wait for the code that opens the dialog (a click before it is lost).
  const hydrated = useHydrated();
  const [salesOpened, setSalesOpened] = useState(false);
  const businessPlans = plans?.filter((plan) => plan.planType === 'business') ?? [];
  const agencyPlans = plans?.filter((plan) => plan.planType === 'agency') ?? [];
  const openSales = () => {
    setSalesOpened(true);
    setSalesOpen(true);
  };

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <Heading level={level} id="pricing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Simple, transparent pricing
          </Heading>
          {/* What billing counts (spec 2 §9): every non-draft employee, active or inactive; there is no free tier. */}
          <p className="mt-4 text-lg text-muted-foreground">Pay per active or inactive team member per month; drafts are free.</p>
        </div>

        {/* The plans come from the table (GET /api/plans), also on the prerendered page. Until they arrive the spinner
            holds a screen's height, so what follows them starts below the fold and never jumps in view. */}
        {isPending && (
          <>
            <Spinner label="Loading plans…" className="mt-10 flex min-h-dvh items-start noscript:hidden" />
            {/* The prerendered page read with scripting off: the plans need the API, so say so instead of spinning. */}
            <p className="mt-10 hidden text-center text-muted-foreground noscript:block">
              Turn on JavaScript to see our current prices.
            </p>
          </>
        )}

        {businessPlans.length > 0 && (
          <div className="mt-12">
            <Heading level={level + 1} className="sr-only">Business plans</Heading>
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
              {businessPlans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} level={level + 2}>
                  <Button asChild className="w-full" variant={plan.isPopular ? 'default' : 'outline'}>
                    <Link to={signedIn ? '/business' : '/auth'} aria-describedby={`plan-${plan.id}-name`}>
                      Get Started
                    </Link>
                  </Button>
                </PlanCard>
              ))}
            </ul>
          </div>
        )}

        {agencyPlans.length > 0 && (
          <div className="mt-12">
            <Heading level={level + 1} className="mb-4 text-center text-xl font-semibold">For Marketing Agencies</Heading>
            <ul className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
              {agencyPlans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} level={level + 2} wide>
                  <Button className="w-full" disabled={!hydrated} onClick={openSales} aria-describedby={`plan-${plan.id}-name`}>
                    Contact Sales
                  </Button>
                </PlanCard>
              ))}
            </ul>
          </div>
        )}

        <section
          aria-labelledby="volume-discounts-heading"
          className="mx-auto mt-12 flex max-w-3xl flex-col items-start gap-4 rounded-xl border border-secondary/30 bg-secondary/5 p-6 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <Heading level={level + 1} id="volume-discounts-heading" className="text-lg font-semibold">
              Volume Discounts
            </Heading>
            <p className="mt-1 text-sm text-muted-foreground">
              Need more than {VOLUME_DISCOUNT_USERS} users? Contact us for custom enterprise pricing with volume discounts.
            </p>
          </div>
          <Button variant="outline" disabled={!hydrated} onClick={openSales} className="w-full sm:w-auto">
            Contact Sales
          </Button>
        </section>
      </div>
      {salesOpened && (
        <Suspense fallback={null}>
          <SalesContactDialog open={salesOpen} onOpenChange={setSalesOpen} />
        </Suspense>
      )}
    </section>
  );
}

function PlanCard({ plan, level, wide = false, children }: { plan: PricingPlan; level: number; wide?: boolean; children: ReactNode }) {
  const nameId = `plan-${plan.id}-name`;
  const free = plan.planType === 'agency' && plan.priceCents === 0; // spec 1 §9: an agency plan at 0 reads 'Free'
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm',
        plan.isPopular && 'border-primary ring-2 ring-primary',
        wide && 'sm:grid sm:grid-cols-2 sm:gap-x-8',
      )}
    >
      {plan.isPopular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
      <div className="flex flex-col">
        <Heading level={level} id={nameId} className="text-xl font-semibold">
          {plan.name}
        </Heading>
        {plan.description && <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>}
        <p className="mt-4 flex items-baseline gap-1">
          <span className="text-4xl font-bold tracking-tight">{free ? 'Free' : formatMoney(plan.priceCents, plan.currency)}</span>
          {!free && (
            <>
              <span aria-hidden className="text-sm text-muted-foreground">
                /user/{plan.period}
              </span>
              <span className="sr-only">per user per {plan.period}</span>
            </>
          )}
        </p>
        <p className="mt-1 text-sm font-medium text-secondary">{plan.userRange}</p>
      </div>
      <div className={cn('mt-6 flex flex-1 flex-col gap-6', wide && 'sm:mt-0')}>
        {plan.features.length > 0 && (
          <ul aria-label={`${plan.name} features`} className="grid gap-2 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto">{children}</div>
      </div>
    </li>
  );
}

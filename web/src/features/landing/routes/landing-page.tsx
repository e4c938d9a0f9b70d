// / (spec 1 §1–2): hero, business and agency cards, features, pricing and footer. Signed-in users are sent on by role.
import { ArrowRight, Building2, Check, Palette, Play, QrCode, Users } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { PageSpinner } from '@web/components/spinner';
import { SiteFooter } from '@web/components/site-footer';
import { PENDING_REDIRECT_PATH_KEY, takePendingRedirectPath } from '@web/lib/pending-storage';
import { safeRedirectPath } from '@web/lib/redirect';
import { SiteTopNav } from '@web/features/auth/components/site-top-nav';
import { signUpPath } from '@web/features/auth/sign-up-link';
import { useSession } from '@web/features/auth/session-provider';
import { PricingSection } from '../components/pricing-section';
import { DomainHome } from '@web/features/white-label/domain-home';
import { onAgencyDomain } from '@web/features/white-label/on-agency-domain';
import { signedInDestination } from '@web/lib/signed-in-destination';

export function LandingPage() {
  const { user, me, loading } = useSession();
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash || loading) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [hash, loading]);

  if (loading) return <PageSpinner />;
  const destination = user ? signedInDestination(me, readPendingRedirectPath()) : null;
  if (destination) return <SendOn to={destination} />;
  // An agency's custom domain has its own home page (its brand, Sign In), never CardCrew's marketing page.
  if (onAgencyDomain()) return <DomainHome />;

  const signedIn = user !== null;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteTopNav />
      <main className="flex-1">
        <section className="bg-gradient-to-b from-primary/10 to-background px-4 py-16 sm:py-24">
          <div className="mx-auto max-w-4xl text-center">
            <p className="mb-4 inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
              <QrCode aria-hidden className="size-4" />
              Digital business cards with QR codes
            </p>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Create, manage and share virtual business cards for your whole team
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
              Give every employee a professional digital card with a scannable QR code, keep your brand consistent, and manage it all from
              one dashboard.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={signedIn ? '/business' : '/auth'}>
                  {signedIn ? 'Welcome Back!' : 'Start Free Trial'}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              {/* Spec 1 §1: the Watch Demo button exists and has no function. */}
              <Button variant="outline" size="lg">
                <Play aria-hidden />
                Watch Demo
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="audiences-heading" className="px-4 py-16">
          <h2 id="audiences-heading" className="sr-only">
            Who CardCrew is for
          </h2>
          <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
            <AudienceCard
              icon={<Building2 aria-hidden className="size-6" />}
              title="For Businesses"
              description="Create and manage digital business cards for your company."
              points={['QR code generation', 'Employee profiles', 'Custom branding', 'Per-user billing']}
              action="Choose Business"
              to={signedIn ? '/business' : '/auth'}
            />
            <AudienceCard
              icon={<Users aria-hidden className="size-6" />}
              title="For Agencies"
              description="Manage multiple business clients and their digital business cards."
              points={['Manage multiple businesses', 'Consolidated billing', 'White-label options', 'Volume discounts']}
              action="Choose Agency"
              to={signedIn ? '/agency' : signUpPath('agency')}
            />
          </div>
        </section>

        <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 bg-muted px-4 py-16">
          <div className="mx-auto max-w-5xl">
            <h2 id="features-heading" className="text-center text-3xl font-bold">
              Everything your team needs
            </h2>
            <ul className="mt-10 grid gap-6 sm:grid-cols-3">
              <Feature icon={<QrCode aria-hidden className="size-6" />} title="QR Code Sharing">
                Every card gets a QR code that opens its public page — share it in person, in email signatures or on print.
              </Feature>
              <Feature icon={<Palette aria-hidden className="size-6" />} title="Custom Branding">
                Your logo and brand colours on every card, so your whole team looks consistent.
              </Feature>
              <Feature icon={<Users aria-hidden className="size-6" />} title="Team Management">
                Add employees, activate or deactivate their cards and track scans from one dashboard.
              </Feature>
            </ul>
          </div>
        </section>

        <PricingSection signedIn={signedIn} />
      </main>

      <SiteFooter />
    </div>
  );
}

function AudienceCard(props: { icon: ReactNode; title: string; description: string; points: string[]; action: string; to: string }) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <span className="mb-2 flex size-12 items-center justify-center rounded-lg bg-primary/10 text-secondary">{props.icon}</span>
        <CardTitle as="h3" className="text-xl">
          {props.title}
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-6">
        <ul className="grid gap-2 text-sm">
          {props.points.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <Check aria-hidden className="size-4 text-success" />
              {point}
            </li>
          ))}
        </ul>
        <Button asChild className="mt-auto w-full">
          <Link to={props.to}>{props.action}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border bg-background p-6">
      <span className="mb-4 flex size-12 items-center justify-center rounded-lg bg-primary/10 text-secondary">{icon}</span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{children}</p>
    </li>
  );
}

function readPendingRedirectPath(): string | null {
  try {
    return safeRedirectPath(window.localStorage.getItem(PENDING_REDIRECT_PATH_KEY));
  } catch {
    return null;
  }
}

/** Navigates on, clearing the one-shot saved redirect path. */
function SendOn({ to }: { to: string }) {
  useEffect(() => {
    takePendingRedirectPath();
  }, []);
  return <Navigate to={to} replace />;
}

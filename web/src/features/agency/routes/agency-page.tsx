// /agency (spec 2 §2 Agency dashboard; issue 9): the five stat cards, the Managed Client Businesses grid, Add Client,
// Agency Settings, each client's scans and who pays for it, and the agency's Billing (issue 20). Only agency
// accounts; anyone else goes to their own home.
import type { AgencyClientSummary, AgencyDashboard } from '@shared/schemas/agency';
import { brandTheme, readableTextOnAll, DEFAULT_BRAND_COLORS, isHexColor } from '@shared/colour';
import { formatCount, formatMoney } from '@shared/format';
import { Briefcase, Building2, DollarSign, Plus, Settings, TrendingUp, Users, Wallet } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Avatar } from '@web/components/avatar';
import { Badge } from '@web/components/badge';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { StatCard, TextPlaceholder } from '@web/components/stat-card';
import { RequireAuth } from '@web/features/auth/require-auth';
import { useSession } from '@web/features/auth/session-provider';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { signedInDestination } from '@web/lib/signed-in-destination';
import { useBrandTheme } from '@web/lib/theme';
import { useAgencyDashboard } from '../api/get-agency-dashboard';
import { lazyDialog } from '@web/components/lazy-dialog';
import { ClientBrowser } from '../components/client-browser';
import { AgencyAnalyticsSection } from '../components/agency-analytics-section';
import { AgencyBillingSection } from '@web/features/agency-billing/components/agency-billing-section';
import { CenteredCard } from '@web/components/centered-card';

// The dialogs load when first opened (issue 25 §1): the dashboard draws without their forms and chart.
const AddClientDialog = lazyDialog(() => import('../components/add-client-dialog').then((m) => m.AddClientDialog), (p) => p.open);
const AgencySettingsDialog = lazyDialog(() => import('../components/agency-settings-dialog').then((m) => m.AgencySettingsDialog), (p) => p.open);
const ClientAnalyticsDialog = lazyDialog(() => import('../components/client-analytics-dialog').then((m) => m.ClientAnalyticsDialog), (p) => p.client !== null);

export function AgencyPage() {
  return (
    <RequireAuth>
      <AgencyGate />
    </RequireAuth>
  );
}

function AgencyGate() {
  const { me, refreshMe } = useSession();
  if (!me) {
    return (
      <CenteredCard title="We could not load your account" description="Something went wrong on our side. Please try again.">
        <Button onClick={() => void refreshMe()}>Try Again</Button>
      </CenteredCard>
    );
  }
  if (me.accountType !== 'agency') return <Navigate to={signedInDestination(me, null) ?? '/business'} replace />;
  return <Agency />;
}

function Agency() {
  const query = useAgencyDashboard();
  // Drawn in a transition, in slices between the browser's other work (issue 25 §1); the frame stays until then.
  const data = useDeferredValue(query.data);
  if (query.isPending) return <AgencyFrame />;
  if (query.isError) {
    return (
      <CenteredCard title="Could not load the agency dashboard" description={query.error.message}>
        <Button onClick={() => void query.refetch()}>Try Again</Button>
      </CenteredCard>
    );
  }
  if (data === undefined) return <AgencyFrame />;
  return <AgencyContent data={data} />;
}

function AgencyContent({ data }: { data: AgencyDashboard }) {
  const { agency, stats, clients } = data;
  // Back from Stripe's onboarding (?stripe=return or refresh): Agency Settings opens at Payments.
  const [searchParams] = useSearchParams();
  const [settingsOpen, setSettingsOpen] = useState(() => agency !== null && searchParams.has('stripe'));
  const [addOpen, setAddOpen] = useState(false);
  const [analyticsFor, setAnalyticsFor] = useState<AgencyClientSummary | null>(null);
  const heroText = useAgencyTheme(agency);
  const name = agency?.name ?? 'Your Agency';
  const money = (cents: number) => formatMoney(cents, stats.currency);

  return (
    <div className="min-h-dvh bg-muted">
      <AgencyHeader
        agency={agency ? { name, logoUrl: agency.logoUrl } : { name }}
        gradient="var(--brand-gradient)"
        heroText={heroText}
        onSettings={() => setSettingsOpen(true)}
        onAddClient={agency ? () => setAddOpen(true) : undefined}
      />

      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6">
        <section aria-labelledby="statistics-heading" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <h2 id="statistics-heading" className="sr-only">
            Statistics
          </h2>
          <StatCard title="Active Clients" value={formatCount(stats.activeClients)} icon={Building2} />
          {/* The users the clients are billed for, as their invoices count them (issue 27 §4). */}
          <StatCard title="Total Users" value={formatCount(stats.totalUsers)} detail="billed; drafts are free" icon={Users} />
          {/* What the agency charges its clients at its prices; Net Profit is that less what CardCrew bills the agency. */}
          <StatCard title="Monthly Revenue" value={money(stats.monthlyRevenueCents)} detail="at your prices" icon={DollarSign} />
          <StatCard title="Net Profit" value={money(stats.netProfitCents)} detail={`after ${money(stats.costsCents)} costs`} icon={Wallet} />
          <StatCard title="Growth Rate" value={`${stats.growthRate}%`} detail={stats.hasLastMonth ? 'revenue vs last month' : 'no last month yet'} icon={TrendingUp} />
        </section>

        {!agency ? (
          <Card className="grid justify-items-center gap-3 px-4 py-12 text-center">
            <Briefcase aria-hidden className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">Set up your agency</h2>
            <p className="max-w-md text-sm text-muted-foreground">Save your agency’s name and brand in Agency Settings; then add the client businesses you manage.</p>
            <Button onClick={() => setSettingsOpen(true)}>
              <Settings aria-hidden />
              Agency Settings
            </Button>
          </Card>
        ) : (
          <section aria-labelledby="clients-heading" className="grid gap-4">
            <h2 id="clients-heading" className="text-lg font-semibold">
              Managed Client Businesses
            </h2>
            {clients.length === 0 ? (
              <Card className="grid justify-items-center gap-3 px-4 py-12 text-center">
                <Building2 aria-hidden className="size-10 text-muted-foreground" />
                <h3 className="text-lg font-semibold">No clients yet</h3>
                <p className="max-w-sm text-sm text-muted-foreground">Add your first client business to create digital business cards for its team.</p>
                <Button onClick={() => setAddOpen(true)}>
                  <Plus aria-hidden />
                  Add Client
                </Button>
              </Card>
            ) : (
              // Search, filters and sort over every client; a page of cards at a time (issue 25 §1); the state setter is
              // the cards' stable Analytics handler.
              <ClientBrowser clients={clients} currency={stats.currency} agencyWhiteLabel={agency.whiteLabel} onAnalytics={setAnalyticsFor} />
            )}
          </section>
        )}
        {agency && clients.length > 0 && <AgencyAnalyticsSection clients={clients} />}
        {agency && <AgencyBillingSection />}
      </main>

      <AgencySettingsDialog agency={agency} open={settingsOpen} onOpenChange={setSettingsOpen} />
      <AddClientDialog open={addOpen} onOpenChange={setAddOpen} />
      <ClientAnalyticsDialog client={analyticsFor} onOpenChange={(open) => !open && setAnalyticsFor(null)} />
    </div>
  );
}

/**
 * The agency's header on its gradient: logo, name, the site links and the actions. Without the agency (the frame, before
 * /api/agency answers) the logo and name are placeholders of their size and the actions are shown but inert.
 */
function AgencyHeader({
  agency,
  gradient,
  heroText,
  onSettings,
  onAddClient,
}: {
  agency: { name: string; logoUrl?: string | null } | null;
  gradient: string;
  heroText: string;
  onSettings: () => void;
  /** Absent: no Add Client (an agency not set up yet). */
  onAddClient?: () => void;
}) {
  return (
    <header style={{ backgroundImage: gradient, color: heroText }}>
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          {!agency ? (
            <span aria-hidden className="size-12 shrink-0 rounded-lg bg-white/30" />
          ) : agency.logoUrl ? (
            <img src={agency.logoUrl} alt={`${agency.name} logo`} className="size-12 shrink-0 rounded-lg bg-white object-contain p-1" />
          ) : (
            <Avatar name={agency.name} shape="square" />
          )}
          <div className="min-w-0">
            <div className="flex items-center gap-2">
              {agency ? <h1 className="truncate text-xl font-bold sm:text-2xl">{agency.name}</h1> : <span aria-hidden className="h-7 w-40 rounded bg-white/30 sm:h-8" />}
              <Badge variant="secondary">Agency</Badge>
            </div>
            <nav aria-label="Site" className="flex gap-3 text-sm">
              <Link to="/" className="underline-offset-2 hover:underline" style={{ color: heroText }}>
                Home
              </Link>
              <Link to="/pricing" className="underline-offset-2 hover:underline" style={{ color: heroText }}>
                Pricing
              </Link>
            </nav>
          </div>
        </div>
        <div className="flex flex-wrap gap-2" inert={!agency}>
          <Button variant="outline" size="sm" onClick={onSettings}>
            <Settings aria-hidden />
            Settings
          </Button>
          {onAddClient && (
            <Button variant="outline" size="sm" onClick={onAddClient}>
              <Plus aria-hidden />
              Add Client
            </Button>
          )}
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

/**
 * The agency dashboard before its data (issue 25 §1): the header, the statistics and the Managed Client Businesses
 * heading drawn at once (the name, figures and client cards as placeholders of their size), so the page paints while
 * /api/agency is under way and nothing above the client cards moves when it answers.
 */
export function AgencyFrame() {
  // The default brand's gradient and text (the agency's own colours come with its data).
  const heroText = readableTextOnAll([DEFAULT_BRAND_COLORS.primaryColor, DEFAULT_BRAND_COLORS.secondaryColor, DEFAULT_BRAND_COLORS.accentColor]);
  return (
    <div className="min-h-dvh bg-muted">
      <AgencyHeader agency={null} gradient={brandTheme(DEFAULT_BRAND_COLORS)['--brand-gradient']} heroText={heroText} onSettings={() => undefined} onAddClient={() => undefined} />
      <main aria-busy="true" className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6">
        <section aria-labelledby="statistics-heading" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <h2 id="statistics-heading" className="sr-only">
            Statistics
          </h2>
          <StatCard title="Active Clients" value={undefined} icon={Building2} />
          <StatCard title="Total Users" value={undefined} detail="billed; drafts are free" icon={Users} />
          <StatCard title="Monthly Revenue" value={undefined} detail="at your prices" icon={DollarSign} />
          <StatCard
            title="Net Profit"
            value={undefined}
            detail={
              <>
                after <TextPlaceholder width="w-8" /> costs
              </>
            }
            icon={Wallet}
          />
          <StatCard title="Growth Rate" value={undefined} detail={<TextPlaceholder width="w-24" />} icon={TrendingUp} />
        </section>
        <section aria-labelledby="clients-heading" className="grid gap-4">
          <h2 id="clients-heading" className="text-lg font-semibold">
            Managed Client Businesses
          </h2>
          <Spinner label="Loading clients…" className="sr-only" />
          <div aria-hidden className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-64 rounded-xl border bg-background" />
            ))}
          </div>
        </section>
      </main>
    </div>
  );
}

/**
 * The agency's colours become the site theme, with the three-stop gradient on the header (spec 2 §9). Returns the
 * header's text colour, readable on every stop of the gradient.
 */
function useAgencyTheme(agency: AgencyDashboard['agency']): string {
  const primaryColor = agency?.primaryColor ?? null;
  const secondaryColor = agency?.secondaryColor ?? null;
  const accentColor = agency?.accentColor ?? null;
  useBrandTheme({ primaryColor, secondaryColor, accentColor });
  const pick = (value: string | null, fallback: string) => (isHexColor(value) ? value : fallback);
  return readableTextOnAll([
    pick(primaryColor, DEFAULT_BRAND_COLORS.primaryColor),
    pick(secondaryColor, DEFAULT_BRAND_COLORS.secondaryColor),
    pick(accentColor, DEFAULT_BRAND_COLORS.accentColor),
  ]);
}

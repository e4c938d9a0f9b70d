// /admin (spec 2 §2 'Admin portal'; issue 10): the Cognito admin group only. The header with 'Admin' and Sign Out, and
// the tabs; the open tab is in the address (?tab=), so a reload or a link keeps it.
import { ShieldCheck } from 'lucide-react';
import { SignOutButton } from '@web/features/auth/components/sign-out-button';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@web/components/badge';
import { FilterTabs } from '@web/components/tabs';
import { RequireAdmin } from '@web/features/auth/require-admin';
import { Spinner } from '@web/components/spinner';

// Each tab is a chunk of its own (issue 25 §1), loaded when it is shown: a tab opens without the others' code. The
// page's boot requests the open tab's data beside it (app/page-data.ts).
const DashboardTab = lazy(() => import('../components/dashboard-tab').then((m) => ({ default: m.DashboardTab })));
const BusinessesTab = lazy(() => import('../components/businesses-tab').then((m) => ({ default: m.BusinessesTab })));
const BillingTab = lazy(() => import('../components/billing-tab').then((m) => ({ default: m.BillingTab })));
const PlansTab = lazy(() => import('../components/plans-tab').then((m) => ({ default: m.PlansTab })));
const UsersTab = lazy(() => import('../components/users-tab').then((m) => ({ default: m.UsersTab })));
const SsoDomainsTab = lazy(() => import('../components/sso-domains-tab').then((m) => ({ default: m.SsoDomainsTab })));

const tabs = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'businesses', label: 'Businesses' },
  { value: 'billing', label: 'Billing' },
  { value: 'plans', label: 'Plans' },
  { value: 'users', label: 'Users' },
  { value: 'sso-domains', label: 'SSO domains' },
] as const;
export type Tab = (typeof tabs)[number]['value'];

export function AdminPage() {
  return (
    <RequireAdmin>
      <AdminPortal />
    </RequireAdmin>
  );
}

function AdminPortal() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = tabs.some((t) => t.value === requested) ? (requested as Tab) : 'dashboard';
  return (
    <AdminLayout tab={tab} onTab={(next) => setParams({ tab: next }, { replace: true })}>
      <Suspense fallback={<Spinner className="w-full py-12" />}>
        {tab === 'dashboard' && <DashboardTab />}
        {tab === 'businesses' && <BusinessesTab />}
        {tab === 'billing' && <BillingTab />}
        {tab === 'plans' && <PlansTab />}
        {tab === 'users' && <UsersTab />}
        {tab === 'sso-domains' && <SsoDomainsTab />}
      </Suspense>
    </AdminLayout>
  );
}

/**
 * The admin portal before anything is known, on `tab` (web/prerender.ts draws one into the HTML of each tab, issue 25
 * §1): the tab's own first render (its heading and controls, its data loading), inert until the app takes over.
 */
export function AdminFrame({ tab, children }: { tab: Tab; children: ReactNode }) {
  return (
    <AdminLayout tab={tab} onTab={() => undefined}>
      <div inert>{children}</div>
    </AdminLayout>
  );
}

function AdminLayout({ tab, onTab, children }: { tab: Tab; onTab: (tab: Tab) => void; children: ReactNode }) {
  const tabsId = useId();
  const panelId = `${tabsId}-panel`;
  return (
    <div className="min-h-dvh bg-muted">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div className="flex items-center gap-3">
            <ShieldCheck aria-hidden className="size-8 text-secondary" />
            <div>
              <div className="flex items-center gap-2">
                <h1 className="text-xl font-bold">Admin Portal</h1>
                <Badge>Admin</Badge>
              </div>
              <nav aria-label="Site" className="flex gap-3 text-sm">
                <Link to="/" className="text-muted-foreground hover:text-foreground hover:underline">
                  Home
                </Link>
                <Link to="/pricing" className="text-muted-foreground hover:text-foreground hover:underline">
                  Pricing
                </Link>
              </nav>
            </div>
          </div>
          <SignOutButton />
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6">
        <FilterTabs label="Admin sections" idPrefix={tabsId} panelId={panelId} value={tab} onChange={onTab} items={tabs} />
        <div role="tabpanel" id={panelId} aria-labelledby={`${tabsId}-${tab}`} tabIndex={-1} className="min-w-0">
          {children}
        </div>
      </main>
    </div>
  );
}

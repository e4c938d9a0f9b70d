// The route table of the SPA (spec 1 §2), on React Router (declarative mode: docs/decisions.md "Routing on React
// Router"): every page is a lazily loaded route module (its own chunk); login-required pages guard themselves with
// RequireAuth / RequireAdmin (spinner, then /auth?redirect=… or the content). The public pages
// (shared/public-pages.ts) are also rendered at build time with the same routes (web/src/prerender.tsx) and hydrated.
import type { QueryClient } from '@tanstack/react-query';
import { createElement, Suspense, use, useLayoutEffect, type ComponentType } from 'react';
import { matchRoutes, Outlet, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '@web/components/spinner';
import { GoogleFailureRedirect } from '@web/features/auth/components/google-failure-redirect';
import { cachedSession, startSession } from '@web/features/auth/session-start';
import { startGet } from '@web/lib/api-client';
import { whenConfigLoaded } from '@web/lib/config';
import { hasStoredSession, loadAuth } from '@web/lib/load-auth';
import type { Me } from '@shared/schemas/me';
import { loadsDashboard } from '@web/lib/signed-in-destination';
import type { PageWithData } from './page-data';
import { RouteErrorBoundary } from './route-error';

type PageModule = Record<string, ComponentType>;

/** Every page module (`features/<feature>/routes/<name>.tsx`), each its own lazily loaded chunk. */
const pageModules = import.meta.glob<PageModule>('../features/*/routes/*.tsx');

interface LazyPage {
  /** The page's source module, as the build manifest names it (web/prerender.ts preloads its chunk). */
  module: string;
  /**
   * Loads the page ahead of its first render (main.tsx starts it before the config is read). At boot its `first`
   * modules are evaluated a task ahead of it; a navigation loads it in one go, so as not to wait for two downloads.
   */
  preload: (atBoot?: boolean) => Promise<ComponentType>;
  /** A page of the signed-in app: main.tsx reads the session and requests its data at boot. */
  signedIn: boolean;
  /** Renders the page, suspending (spinner) until it is loaded. */
  Component: ComponentType;
}

/** Resolves in a task of its own, after the browser has had its turn (input, a frame). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A lazily loaded page: `module` is `<feature>/routes/<file>` and `name` its component. The auth library (Amplify) is
 * not part of a signed-in page's load: its first calls use the stored token (lib/load-auth.ts storedIdToken), and the
 * session loads the library when it needs it. A page that calls Amplify itself (`usesAuth`: the invitation's sign-up)
 * loads it, configured, with its code.
 *
 * `first`: the module of the page's data (its query options and response schemas). At boot, when the frame has
 * preloaded every chunk, it is evaluated in a task before the page's: evaluated together, building the schemas (zod)
 * and the page's modules was one task of 25-41 ms, 100-160 ms under Lighthouse's 4x slowdown (issue 25 §1).
 */
function lazyPage(module: string, name: string, { signedIn = false, usesAuth = false, first }: { signedIn?: boolean; usesAuth?: boolean; first?: () => Promise<unknown> } = {}): LazyPage {
  const load = pageModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`No page module ${module}`);
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = (atBoot = false) =>
    (loading ??= Promise.all([first && atBoot ? first().then(nextTask).then(load) : load(), usesAuth ? whenConfigLoaded().then(loadAuth) : undefined]).then(
      ([m]) => {
        const Page = m[name];
        if (!Page) throw new Error(`${module} exports no ${name}`);
        loaded = Page;
        return Page;
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk download may succeed on the next visit
        throw error;
      },
    ));
  function Component() {
    // Loaded ahead (hydration, prerender, a second visit): render at once; otherwise suspend until it is. A navigation
    // is a transition (React Router's), so the page on screen stays until the next one is loaded.
    return createElement(loaded ?? use(preload()));
  }
  return { module: `src/features/${module}.tsx`, preload, signedIn, Component };
}

const pages: { path: string; page: LazyPage }[] = [
  { path: '/', page: lazyPage('landing/routes/landing-page', 'LandingPage') },
  { path: '/auth', page: lazyPage('auth/routes/auth-page', 'AuthPage') },
  { path: '/business-onboarding', page: lazyPage('business-onboarding/routes/business-onboarding-page', 'BusinessOnboardingPage', { signedIn: true }) },
  { path: '/business', page: lazyPage('business/routes/business-dashboard-page', 'BusinessDashboardPage', { signedIn: true, first: () => import('@web/features/business/api/get-dashboard') }) },
  { path: '/agency', page: lazyPage('agency/routes/agency-page', 'AgencyPage', { signedIn: true, first: () => import('@web/features/agency/api/get-agency-dashboard') }) },
  { path: '/admin', page: lazyPage('admin/routes/admin-page', 'AdminPage', { signedIn: true }) },
  { path: '/employee-onboarding', page: lazyPage('employee-onboarding/routes/employee-onboarding-page', 'EmployeeOnboardingPage', { signedIn: true, usesAuth: true }) },
  { path: '/employee-portal', page: lazyPage('employee-portal/routes/employee-portal-page', 'EmployeePortalPage', { signedIn: true, first: () => import('@web/features/employee-portal/api/my-employee') }) },
  { path: '/invoice-payment/:invoiceId', page: lazyPage('invoice-payment/routes/invoice-payment-page', 'InvoicePaymentPage') },
  { path: '/profile', page: lazyPage('profile/routes/profile-page', 'ProfilePage', { signedIn: true }) },
  { path: '/pricing', page: lazyPage('landing/routes/pricing-page', 'PricingPage') },
  { path: '/about', page: lazyPage('static-pages/routes/about-page', 'AboutPage') },
  { path: '/terms', page: lazyPage('static-pages/routes/terms-page', 'TermsPage') },
  { path: '/privacy', page: lazyPage('static-pages/routes/privacy-page', 'PrivacyPage') },
  // Where the owner's 'Test sign-in' (Company Settings → Single sign-on) comes back to; it needs no session.
  { path: '/sso/test-callback', page: lazyPage('sso/routes/sso-test-callback-page', 'SsoTestCallbackPage') },
  // Where a Google or SSO sign-in started on an agency's domain comes back to (through the platform's relay).
  { path: '/auth/callback', page: lazyPage('auth/routes/domain-callback-page', 'DomainCallbackPage') },
  { path: '*', page: lazyPage('not-found/routes/not-found-page', 'NotFoundPage') },
];
// Two more paths for pages above (the spec's and an older link).
pages.push(
  { path: '/business/onboarding', page: pages[2]!.page },
  { path: '/business/:businessId', page: pages[3]!.page },
);

/**
 * The route a path shows (React Router's matching: static segments before params before the splat, case-insensitive,
 * params decoded).
 */
function matchPage(pathname: string): { route: { path: string; page: LazyPage }; params: Record<string, string | undefined> } {
  const match = matchRoutes(pages, pathname)?.[0];
  if (!match) throw new Error(`No route for ${pathname}`); // '*' matches everything
  return { route: match.route, params: match.params };
}

/** The page that `pathname` shows. */
export function pageFor(pathname: string): LazyPage {
  return matchPage(pathname).route.page;
}

const pagesWithData = new Set<string>(['/business', '/business/:businessId', '/agency', '/employee-portal', '/admin'] satisfies PageWithData[]);

/**
 * Boot of a signed-in page (issue 25 §1), once the config is read: the session is read now (not once the page has
 * drawn), and the page's data is requested beside its code — at once with the session the last visit kept, else as
 * soon as /api/me has answered. The data's code (app/page-data.ts) is a chunk of its own.
 */
export function startSignedInPage(pathname: string, search: string, client: QueryClient): void {
  const match = matchPage(pathname);
  if (!match.route.page.signedIn || !hasStoredSession()) return;
  const session = startSession();
  const path = match.route.path;
  if (!pagesWithData.has(path)) return;
  const pageData = import('./page-data');
  // The open admin tab is a chunk of its own (admin-page.tsx): fetched now, beside the page, not after it.
  if (path === '/admin') void adminTabs[new URLSearchParams(search).get('tab') ?? 'dashboard']?.().catch(() => undefined);
  const withMe = (me: Me | null) => {
    if (!me) return;
    for (const request of firstRequestsOf(path as PageWithData, match.params, new URLSearchParams(search), me)) startGet(request.path, request.query);
    void pageData.then((m) => m.prefetchPageData(client, path as PageWithData, match.params, new URLSearchParams(search), me));
  };
  const kept = cachedSession();
  if (kept) withMe(kept.me);
  else void session.then((state) => withMe(state.me));
}

const adminTabs: Record<string, () => Promise<unknown>> = {
  dashboard: () => import('../features/admin/components/dashboard-tab'),
  businesses: () => import('../features/admin/components/businesses-tab'),
  billing: () => import('../features/admin/components/billing-tab'),
  plans: () => import('../features/admin/components/plans-tab'),
  users: () => import('../features/admin/components/users-tab'),
};

/**
 * The modules (build-manifest keys) a signed-in page imports at boot besides its own: the page's data (page-data.ts)
 * and the open admin tab (adminTabs). The page's frame preloads their chunks in small tasks before the app runs
 * (web/prerender.ts); otherwise the build's preload helper inserts those preloads within the app's first task, about
 * 20 ms of it on a phone (issue 25 §1).
 */
export function bootModulesOf(path: string, tab: string | null): string[] {
  const modules = ['src/app/page-data.ts'];
  if (path === '/admin') modules.push(`src/features/admin/components/${tab ?? 'dashboard'}-tab.tsx`);
  return modules;
}

type FirstRequest = { path: string; query?: Record<string, string> };

/**
 * The GETs a page's main queries send (the same paths and queries as their hooks, or startGet's answers go unused),
 * sent at once: page-data.ts, a chunk to download first, then puts them into the query cache.
 */
function firstRequestsOf(page: PageWithData, params: Record<string, string | undefined>, search: URLSearchParams, me: Me): FirstRequest[] {
  switch (page) {
    case '/business':
    case '/business/:businessId': {
      const businessId = params.businessId ?? me.businessId;
      return businessId && loadsDashboard(me) ? [{ path: `/api/businesses/${encodeURIComponent(businessId)}/dashboard` }] : [];
    }
    case '/agency':
      return me.accountType === 'agency' ? [{ path: '/api/agency' }] : [];
    case '/employee-portal':
      return me.role === 'employee' ? [{ path: '/api/me/employee' }] : [];
    case '/admin': {
      if (!me.isAdmin) return [];
      const tab = search.get('tab') ?? 'dashboard';
      if (tab === 'businesses') return [{ path: '/api/admin/businesses', query: { status: 'all' } }];
      if (tab === 'sso-domains') return [{ path: '/api/admin/sso-domains' }];
      // The runs' card is the tab's largest text (its LCP): its request goes first.
      if (tab === 'billing') return [{ path: '/api/admin/billing-runs' }, { path: '/api/admin/invoices', query: { status: 'all', payer: 'all' } }];
      return ['dashboard', 'plans', 'users'].includes(tab) ? [{ path: `/api/admin/${tab}` }] : [];
    }
  }
}

/** A new page starts at the top, unless it names an anchor; Back and Forward leave the browser's position alone. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}

/** What every page is drawn in: an error boundary per page (the next page starts afresh), scrolling, the Google failure redirect. */
function AppLayout() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <GoogleFailureRedirect />
    </RouteErrorBoundary>
  );
}

/** The route table: each page keyed by its path, so '/business' and '/business/:businessId' are two mounts. */
const routeTable: RouteObject[] = [{ element: <AppLayout />, children: pages.map(({ path, page }) => ({ path, element: <page.Component key={path} /> })) }];

/** The pages, inside a BrowserRouter (browser) or StaticRouter (prerender). */
export function AppRoutes() {
  return useRoutes(routeTable);
}

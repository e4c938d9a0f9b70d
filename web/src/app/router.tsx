// The route table of the SPA (spec 1 §2). Every page is a lazily loaded chunk; login-required pages guard
// themselves with RequireAuth / RequireAdmin (spinner, then /auth?redirect=… or the content). The public pages
// (shared/public-pages.ts) are also rendered at build time (web/src/prerender.tsx) and hydrated here.
import { createBrowserRouter, matchRoutes, Outlet, ScrollRestoration, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { PageSpinner } from '@web/components/spinner';
import { loadAuth } from '@web/lib/load-auth';
import { RouteError } from './route-error';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

type PageModule = Record<string, ComponentType>;

/** Every page module (`features/<feature>/routes/<name>.tsx`), each its own lazily loaded chunk. */
const pageModules = import.meta.glob<PageModule>('../features/*/routes/*.tsx');

export interface PageHandle {
  /** The page's source module, as the build manifest names it (web/prerender.ts preloads its chunk). */
  module: string;
}

/**
 * A lazily loaded page: `module` is `<feature>/routes/<file>` and `name` its component. Pages of the signed-in app
 * (`signedIn`) also load the configured auth library (Amplify) in parallel; public pages never do.
 */
function page(module: string, name: string, { signedIn = false } = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`No page module ${module}`);
  const handle: PageHandle = { module: `src/features/${module}.tsx` };
  return {
    handle,
    lazy: async () => {
      const [m] = await Promise.all([load(), signedIn ? loadAuth() : undefined]);
      const Component = m[name];
      if (!Component) throw new Error(`${module} exports no ${name}`);
      return { Component };
    },
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, ...page('landing/routes/landing-page', 'LandingPage') },
      { path: 'auth', ...page('auth/routes/auth-page', 'AuthPage') },
      { path: 'business-onboarding', ...page('business-onboarding/routes/business-onboarding-page', 'BusinessOnboardingPage', { signedIn: true }) },
      { path: 'business/onboarding', ...page('business-onboarding/routes/business-onboarding-page', 'BusinessOnboardingPage', { signedIn: true }) },
      { path: 'business', ...page('business/routes/business-dashboard-page', 'BusinessDashboardPage', { signedIn: true }) },
      { path: 'business/:businessId', ...page('business/routes/business-dashboard-page', 'BusinessDashboardPage', { signedIn: true }) },
      { path: 'agency', ...page('agency/routes/agency-page', 'AgencyPage', { signedIn: true }) },
      { path: 'admin', ...page('admin/routes/admin-page', 'AdminPage', { signedIn: true }) },
      { path: 'employee-onboarding', ...page('employee-onboarding/routes/employee-onboarding-page', 'EmployeeOnboardingPage', { signedIn: true }) },
      { path: 'employee-portal', ...page('employee-portal/routes/employee-portal-page', 'EmployeePortalPage', { signedIn: true }) },
      { path: 'invoice-payment/:invoiceId', ...page('invoice-payment/routes/invoice-payment-page', 'InvoicePaymentPage') },
      { path: 'profile', ...page('profile/routes/profile-page', 'ProfilePage', { signedIn: true }) },
      { path: 'pricing', ...page('landing/routes/pricing-page', 'PricingPage') },
      { path: 'about', ...page('static-pages/routes/about-page', 'AboutPage') },
      { path: 'terms', ...page('static-pages/routes/terms-page', 'TermsPage') },
      { path: 'privacy', ...page('static-pages/routes/privacy-page', 'PrivacyPage') },
      { path: '*', ...page('not-found/routes/not-found-page', 'NotFoundPage') },
    ],
  },
];

/**
 * The browser router, created once the current URL's lazy routes are loaded: a prerendered page then hydrates
 * straight into its content (no fallback render that would not match the HTML), and a client-side route skips
 * the spinner.
 */
export async function createAppRouter() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy as LazyRouteFunction<RouteObject>;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}

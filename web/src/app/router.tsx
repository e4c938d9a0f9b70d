// The route table of the SPA (spec 1 §2). Every page is a lazily loaded chunk; login-required pages guard
// themselves with RequireAuth / RequireAdmin (spinner, then /auth?redirect=… or the content). The public pages
// (shared/public-pages.ts) are also rendered at build time (web/src/prerender.tsx) and hydrated.
// Declarative routes (<Routes>), not the data router: the app has no loaders or actions, and the data router is
// 15 KB more of the first load (docs/decisions.md, "Public pages").
import { createElement, Suspense, use, useLayoutEffect, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { PageSpinner } from '@web/components/spinner';
import { GoogleFailureRedirect } from '@web/features/auth/components/google-failure-redirect';
import { loadAuth } from '@web/lib/load-auth';
import { RouteErrorBoundary } from './route-error';

type PageModule = Record<string, ComponentType>;

/** Every page module (`features/<feature>/routes/<name>.tsx`), each its own lazily loaded chunk. */
const pageModules = import.meta.glob<PageModule>('../features/*/routes/*.tsx');

interface LazyPage {
  /** The page's source module, as the build manifest names it (web/prerender.ts preloads its chunk). */
  module: string;
  /** Loads the page (and, for the signed-in app, the configured auth library) ahead of its first render. */
  preload: () => Promise<ComponentType>;
  /** Renders the page, suspending (spinner) until it is loaded. */
  Component: ComponentType;
}

/**
 * A lazily loaded page: `module` is `<feature>/routes/<file>` and `name` its component. Pages of the signed-in app
 * (`signedIn`) also load the configured auth library (Amplify) in parallel; public pages never do.
 */
function lazyPage(module: string, name: string, { signedIn = false } = {}): LazyPage {
  const load = pageModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`No page module ${module}`);
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), signedIn ? loadAuth() : undefined]).then(
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
    // Loaded ahead (hydration, prerender, a second visit): render at once; otherwise suspend until it is.
    return createElement(loaded ?? use(preload()));
  }
  return { module: `src/features/${module}.tsx`, preload, Component };
}

const routes: { path: string; page: LazyPage }[] = [
  { path: '/', page: lazyPage('landing/routes/landing-page', 'LandingPage') },
  { path: '/auth', page: lazyPage('auth/routes/auth-page', 'AuthPage') },
  { path: '/business-onboarding', page: lazyPage('business-onboarding/routes/business-onboarding-page', 'BusinessOnboardingPage', { signedIn: true }) },
  { path: '/business', page: lazyPage('business/routes/business-dashboard-page', 'BusinessDashboardPage', { signedIn: true }) },
  { path: '/agency', page: lazyPage('agency/routes/agency-page', 'AgencyPage', { signedIn: true }) },
  { path: '/admin', page: lazyPage('admin/routes/admin-page', 'AdminPage', { signedIn: true }) },
  { path: '/employee-onboarding', page: lazyPage('employee-onboarding/routes/employee-onboarding-page', 'EmployeeOnboardingPage', { signedIn: true }) },
  { path: '/employee-portal', page: lazyPage('employee-portal/routes/employee-portal-page', 'EmployeePortalPage', { signedIn: true }) },
  { path: '/invoice-payment/:invoiceId', page: lazyPage('invoice-payment/routes/invoice-payment-page', 'InvoicePaymentPage') },
  { path: '/profile', page: lazyPage('profile/routes/profile-page', 'ProfilePage', { signedIn: true }) },
  { path: '/pricing', page: lazyPage('landing/routes/pricing-page', 'PricingPage') },
  { path: '/about', page: lazyPage('static-pages/routes/about-page', 'AboutPage') },
  { path: '/terms', page: lazyPage('static-pages/routes/terms-page', 'TermsPage') },
  { path: '/privacy', page: lazyPage('static-pages/routes/privacy-page', 'PrivacyPage') },
  { path: '*', page: lazyPage('not-found/routes/not-found-page', 'NotFoundPage') },
];
// Two more paths for pages above (the spec's and an older link).
routes.push(
  { path: '/business/onboarding', page: routes[2]!.page },
  { path: '/business/:businessId', page: routes[3]!.page },
);

/** The page that `pathname` shows. */
export function pageFor(pathname: string): LazyPage {
  const match = matchRoutes(routes, pathname)?.[0];
  if (!match) throw new Error(`No route for ${pathname}`); // '*' matches everything
  return match.route.page;
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

/** The pages, inside a BrowserRouter (browser) or StaticRouter (prerender). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          {routes.map(({ path, page }) => (
            <Route key={path} path={path} element={<page.Component />} />
          ))}
        </Routes>
      </Suspense>
      <GoogleFailureRedirect />
    </RouteErrorBoundary>
  );
}

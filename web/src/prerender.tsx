// Server entry of the build-time prerender (web/prerender.ts): renders one public page to HTML with the same route
// table, providers and components as the browser, in the state a first-time visitor's first render has (signed out,
// plans still loading), and a signed-in page's frame as it is drawn before anything is known (no kept names).
// Never shipped to the browser.
import { StrictMode, type ComponentType, type ReactElement } from 'react';
import type { Tab } from './features/admin/routes/admin-page';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, bootModulesOf, pageFor } from './app/router';
import { setConfigForPrerender } from './lib/config';
import { LABELS_KEY } from './features/auth/kept-labels';
import { ME_CACHE_KEY } from './features/auth/session-start';
import { BRAND_KEY, BRAND_PENDING_STYLE_ID } from './features/white-label/remembered-brand';

setConfigForPrerender({
  region: 'prerender',
  userPoolId: 'prerender',
  userPoolClientId: 'prerender',
  userPoolEndpoint: null,
  authFlow: 'USER_SRP_AUTH',
  oauthDomain: null,
  publicOrigin: 'https://prerender.invalid',
  local: false,
  mailboxUrl: null,
  wallets: { google: false, apple: false },
});

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The page's source modules (manifest keys), whose chunks the HTML preloads: its own, and a frame's boot imports. */
  modules: string[];
  /** A frame's: the local-storage keys web/kept-labels.js reads the kept names from. */
  keptLabels?: { session: string; labels: string };
  /**
   * The sign-in page's: where web/remembered-brand.js reads a signed-out white-labelled client's brand, and the id of
   * the style it adds (issue 40).
   */
  rememberedBrand?: { key: string; styleId: string };
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const page = pageFor(path);
  await page.preload();
  const html = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return { html, modules: [page.module], rememberedBrand: path === '/auth' ? { key: BRAND_KEY, styleId: BRAND_PENDING_STYLE_ID } : undefined };
}

/** The frame of each page in shared/public-pages.ts framedPages (the component the page draws before its data). */
const frames: Record<string, () => Promise<ReactElement>> = {
  '/business': async () => {
    const { DashboardFrame } = await import('./features/business/routes/business-dashboard-page');
    return <DashboardFrame businessId="" agencyView={false} />;
  },
  '/agency': async () => {
    const { AgencyFrame } = await import('./features/agency/routes/agency-page');
    return <AgencyFrame />;
  },
  '/admin': () => adminFrame('dashboard', () => import('./features/admin/components/dashboard-tab').then((m) => m.DashboardTab)),
  '/admin?tab=businesses': () => adminFrame('businesses', () => import('./features/admin/components/businesses-tab').then((m) => m.BusinessesTab)),
  '/admin?tab=billing': () => adminFrame('billing', () => import('./features/admin/components/billing-tab').then((m) => m.BillingTab)),
  '/admin?tab=plans': () => adminFrame('plans', () => import('./features/admin/components/plans-tab').then((m) => m.PlansTab)),
  '/admin?tab=users': () => adminFrame('users', () => import('./features/admin/components/users-tab').then((m) => m.UsersTab)),
  '/admin?tab=sso-domains': () => adminFrame('sso-domains', () => import('./features/admin/components/sso-domains-tab').then((m) => m.SsoDomainsTab)),
  '/employee-portal': async () => {
    const { PortalFrame } = await import('./features/employee-portal/routes/employee-portal-page');
    return <PortalFrame />;
  },
};

async function adminFrame(tab: Tab, load: () => Promise<ComponentType>): Promise<ReactElement> {
  const [{ AdminFrame }, TabContent] = await Promise.all([import('./features/admin/routes/admin-page'), load()]);
  return (
    <AdminFrame tab={tab}>
      <TabContent />
    </AdminFrame>
  );
}

export async function renderFrame(path: string): Promise<RenderedPage> {
  const frame = frames[path];
  if (!frame) throw new Error(`No frame for ${path} (web/src/prerender.tsx)`);
  const element = await frame();
  const html = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={path}>{element}</StaticRouter>
      </Providers>
    </StrictMode>,
  );
  const url = new URL(path, 'https://prerender.invalid');
  const modules = [pageFor(url.pathname).module, ...bootModulesOf(url.pathname, url.searchParams.get('tab'))];
  return { html, modules, keptLabels: { session: ME_CACHE_KEY, labels: LABELS_KEY } };
}

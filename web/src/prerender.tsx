// Server entry of the build-time prerender (web/prerender.ts): renders one public page to HTML with the same route
// table, providers and components as the browser, in the state a first-time visitor's first render has (signed out,
// plans still loading), and a signed-in page's frame as it is drawn before anything is known (no kept names).
// Never shipped to the browser.
import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@web/lib/router';
import { Providers } from './app/providers';
import { AppRoutes, pageFor } from './app/router';
import { setConfigForPrerender } from './lib/config';

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
  /** The page's source module (a manifest key), whose chunks the HTML preloads. */
  module: string;
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
  return { html, module: page.module };
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
  '/admin': async () => {
    const { AdminFrame } = await import('./features/admin/routes/admin-page');
    return <AdminFrame />;
  },
  '/employee-portal': async () => {
    const { PortalFrame } = await import('./features/employee-portal/routes/employee-portal-page');
    return <PortalFrame />;
  },
};

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
  return { html, module: pageFor(path).module };
}

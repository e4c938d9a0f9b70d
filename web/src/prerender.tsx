// Server entry of the build-time prerender (web/prerender.ts): renders one public page to HTML with the same route
// table, providers and components as the browser, in the state a first-time visitor's first render has (signed out,
// plans still loading). Never shipped to the browser.
import { StrictMode } from 'react';
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

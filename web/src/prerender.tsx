// Server entry of the build-time prerender (web/prerender.ts): renders one public page to HTML with the same route
// table, providers and components as the browser, in the state a first-time visitor's first render has (signed out,
// plans still loading). Never shipped to the browser.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { routes, type PageHandle } from './app/router';
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
});

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** Source modules of the matched pages (manifest keys), whose chunks the page preloads. */
  modules: string[];
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers>
        {/* hydrate={false}: no inline data script (the CSP allows no inline script; there are no loaders to carry). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const modules = context.matches.map((m) => (m.route.handle as PageHandle | undefined)?.module).filter((m): m is string => m !== undefined);
  return { html, modules };
}

// Boot: read /config.json, load the current route's page, then hydrate the prerendered HTML (public pages) or render
// into the SPA shell (every other route). Amplify is not loaded here (lib/load-auth.ts). A failed config read renders
// an error, never a blank page.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BootError } from './app/boot-error';
import { appQueryClient, Providers } from './app/providers';
import { AppRoutes, pageFor, startSignedInPage } from './app/router';
import { loadConfig, startFromKeptConfig } from './lib/config';
import { makeZodJitless } from './lib/zod-jitless';
import './styles.css';

// Before any page chunk loads zod (the CSP has no 'unsafe-eval').
makeZodJitless();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

async function boot(root: HTMLElement) {
  // The page of this URL first: a prerendered page then hydrates straight into its content (no spinner that would
  // not match the HTML), and a client-side route skips the spinner. Its code downloads while the config is read.
  const page = pageFor(window.location.pathname);
  const pageLoaded = page.preload(true);
  pageLoaded.catch(() => undefined); // awaited below, after the config
  const configRead = loadConfig();
  try {
    // A signed-in page draws from the configuration the last visit read while /config.json is read again.
    if (!(page.signedIn && startFromKeptConfig(configRead))) await configRead;
  } catch (error) {
    console.error(error);
    createRoot(root).render(
      <StrictMode>
        <BootError />
      </StrictMode>,
    );
    return;
  }
  // A signed-in page's session and data are requested now, beside its code (issue 25 §1).
  startSignedInPage(window.location.pathname, window.location.search, appQueryClient());
  await pageLoaded;
  const app = (
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  // web/prerender.ts marks the pages it rendered; their HTML is what the first client render must match.
  if (root.dataset.prerendered !== undefined) hydrateRoot(root, app);
  // A transition: React renders in slices between which the browser stays responsive, and the page on screen (a
  // prerendered frame, or the shell's spinner) stays until the whole first render is ready.
  else startTransition(() => createRoot(root).render(app));
}

void boot(container);

// Boot: read /config.json, load the current route's page, then hydrate the prerendered HTML (public pages) or render
// into the SPA shell (every other route). Amplify is not loaded here (lib/load-auth.ts). A failed config read renders
// an error, never a blank page.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { BootError } from './app/boot-error';
import { Providers } from './app/providers';
import { AppRoutes, pageFor } from './app/router';
import { loadConfig } from './lib/config';
import { makeZodJitless } from './lib/zod-jitless';
import './styles.css';

// Before any page chunk loads zod (the CSP has no 'unsafe-eval').
makeZodJitless();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

async function boot(root: HTMLElement) {
  try {
    await loadConfig();
  } catch (error) {
    console.error(error);
    createRoot(root).render(
      <StrictMode>
        <BootError />
      </StrictMode>,
    );
    return;
  }
  // The page of this URL first: a prerendered page then hydrates straight into its content (no spinner that would
  // not match the HTML), and a client-side route skips the spinner.
  await pageFor(window.location.pathname).preload();
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
  else createRoot(root).render(app);
}

void boot(container);

// Boot: read /config.json, load the current route's page, then hydrate the prerendered HTML (public pages) or render
// into the SPA shell (every other route). Amplify is not loaded here (lib/load-auth.ts). A failed config read renders
// an error, never a blank page.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { BootError } from './app/boot-error';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { loadConfig } from './lib/config';
import * as z from 'zod/mini';
import './styles.css';

// The CSP has no 'unsafe-eval': zod's JIT probe (`new Function`) would be reported as a violation on every page.
z.config({ jitless: true });

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
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={await createAppRouter()} />
      </Providers>
    </StrictMode>
  );
  // web/prerender.ts marks the pages it rendered; their HTML is what the first client render must match.
  if (root.dataset.prerendered !== undefined) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void boot(container);

// Boot: read /config.json, configure Cognito, then render. A failed config read renders an error, never a blank page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BootError } from './app/boot-error';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { configureAuth } from './lib/auth';
import { loadConfig } from './lib/config';
import * as z from 'zod';
import './styles.css';

// The CSP has no 'unsafe-eval': zod's JIT probe (`new Function`) would be reported as a violation on every page.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

async function boot() {
  try {
    configureAuth(await loadConfig());
  } catch (error) {
    console.error(error);
    root.render(
      <StrictMode>
        <BootError />
      </StrictMode>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}

void boot();

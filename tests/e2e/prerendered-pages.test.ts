// The public pages are static HTML from the build (issue 7 §2): the text is there before any JavaScript runs, the
// page hydrates without console errors, the auth library (Amplify) is not downloaded, the prices still come from
// the plans table, and HTML is revalidated while hashed assets are cached for good. At 375 px and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expectOnPage } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { framedPages, prerenderedPages } from '../../shared/public-pages';
import { axeViolations } from '../support/axe';
import { desktop, launchBrowser, phone } from '../support/browser';
import { shot } from '../support/e2e';
import { origin, tables } from '../support/runtime';

const pages = [
  { path: '/', name: 'landing', heading: 'Create, manage and share virtual business cards for your whole team' },
  { path: '/pricing', name: 'pricing', heading: 'Simple, transparent pricing' },
  { path: '/auth', name: 'auth', heading: 'Sign in to CardCrew' },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Visit {
  page: Page;
  consoleErrors: string[];
  scripts: string[];
  /** Stylesheets requested: none, the page's own is inline. */
  stylesheets: string[];
  /** The bodies of the scripts loaded, to look for Amplify whatever its chunk is called. */
  scriptBodies: Promise<string>[];
  configRequests: number;
}

async function visit(path: string, viewport: { width: number; height: number }, javaScriptEnabled = true): Promise<Visit & { close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  const page = await context.newPage();
  const result: Visit = { page, consoleErrors: [], scripts: [], stylesheets: [], scriptBodies: [], configRequests: 0 };
  page.on('console', (m) => {
    if (m.type() === 'error') result.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => result.consoleErrors.push(e.message));
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.js')) result.scriptBodies.push(r.text().catch(() => ''));
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) result.scripts.push(url.pathname);
    if (r.resourceType() === 'stylesheet') result.stylesheets.push(url.pathname);
    if (url.pathname === '/config.json') result.configRequests += 1;
  });
  await page.goto(`${origin}${path}`);
  // The same object, not a copy: the counters go on counting the requests made after the load event.
  return Object.assign(result, { close: () => context.close() });
}

/** Sonner's toaster mounts right after hydration (app/providers.tsx): the sign that React owns the page. */
const hydrated = (page: Page) => expectOnPage(page.locator('section[aria-label^="Notifications"]')).toBeAttached();

describe('prerendered public pages', () => {
  it('are served as HTML that already holds the page, revalidated on every visit, with immutable hashed assets', async () => {
    for (const { path, heading } of pages) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<div id="root" data-prerendered>');
      expect(html).toContain(heading);
      expect(html).not.toMatch(/auth-library|aws-amplify/);
      // No script in the HTML but the deferred loader that requests the page's code after the first paint.
      const loader = /<script defer src="([^"]+)" data-entry="([^"]+)" data-config="\/config.json" data-chunks="([^"]+)"><\/script>/.exec(html);
      expect(loader).not.toBeNull();
      // And on /auth one more: the render-blocking script that keeps CardCrew's mark unpainted for a signed-out
      // white-labelled client's person until the app draws the agency's (web/remembered-brand.js, issue 40).
      const brandScript = /<script defer blocking="render" src="(\/assets\/remembered-brand-[\w-]+\.js)" data-brand-key="cardcrew\.brand" data-style-id="brand-pending"><\/script>/.exec(html);
      expect(brandScript !== null, path).toBe(path === '/auth');
      expect(html.match(/<script/g)).toHaveLength(path === '/auth' ? 2 : 1);
      if (brandScript) {
        const res = await fetch(`${origin}${brandScript[1]!}`);
        expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
      }
      expect(html).not.toContain('modulepreload');
      // Not painted half-parsed (a shift when the rest arrives): rendering waits for the element after #root.
      expect(html).toContain('<link rel="expect" href="#page-end" blocking="render">');
      expect(html).toMatch(/<\/div><template id="page-end"><\/template>\s*<\/body>/);
      for (const asset of [loader![1]!, loader![2]!, ...loader![3]!.split(' ')]) {
        const res = await fetch(`${origin}${asset}`);
        expect([asset, res.status, res.headers.get('cache-control')]).toEqual([asset, 200, 'public, max-age=31536000, immutable']);
      }
    }
    // Every prerendered page exists, and the other routes get the SPA shell (no prerendered content).
    for (const path of Object.keys(prerenderedPages)) expect((await fetch(`${origin}${path}`)).status).toBe(200);
    const shell = await (await fetch(`${origin}/profile`)).text();
    expect(shell).not.toContain('data-prerendered');
    expect(shell).toContain('<div id="root">');
  });

  it('have exactly one <title> in every page’s source: the public pages, the frames and the shell of every other route', async () => {
    for (const path of [...Object.keys(prerenderedPages), ...Object.keys(framedPages), '/no-such-page']) {
      const html = await (await fetch(`${origin}${path}`)).text();
      expect(html.match(/<title>/g), path).toHaveLength(1);
    }
  });

  it('gives the 404 page one <title> once drawn, naming the page (issue 40: a second one named CardCrew)', async () => {
    const { page, consoleErrors, close } = await visit('/no-such-page', phone);
    await expectOnPage(page.getByRole('heading', { name: 'Oops! Page not found', level: 1 })).toBeVisible();
    await expectOnPage(page).toHaveTitle('Page not found · CardCrew');
    expect(await page.evaluate(() => document.querySelectorAll('title').length)).toBe(1);
    expect(await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute('content'))).toBe('noindex');
    expect(consoleErrors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it('shows the landing page with JavaScript off: hero, audiences, features and the footer links', async () => {
    const { page, close } = await visit('/', phone, false);
    try {
      await expectOnPage(page.getByRole('heading', { level: 1 })).toHaveText(pages[0].heading);
      await expectOnPage(page.getByRole('heading', { name: 'For Businesses' })).toBeVisible();
      await expectOnPage(page.getByRole('heading', { name: 'Everything your team needs' })).toBeVisible();
      expect(await page.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/auth');
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
      // Nothing ran: the toaster that mounts after hydration is absent.
      expect(await page.locator('section[aria-label^="Notifications"]').count()).toBe(0);
      await shot(page, 'prerender-01-landing-no-js-phone');
      // A plain link still works without JavaScript.
      await page.getByRole('link', { name: 'Start Free Trial' }).click();
      await page.waitForURL(`${origin}/auth`);
      await expectOnPage(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to CardCrew');
    } finally {
      await close();
    }
  });

  it('says on /pricing with JavaScript off that the prices need it, instead of a spinner that never stops', async () => {
    const { page, close } = await visit('/pricing', phone, false);
    try {
      await expectOnPage(page.getByRole('heading', { level: 1 })).toHaveText(pages[1].heading);
      await expectOnPage(page.getByText('Turn on JavaScript to see our current prices.')).toBeVisible();
      await expectOnPage(page.getByText('Loading plans…')).toBeHidden();
      await shot(page, 'prerender-02-pricing-no-js-phone');
    } finally {
      await close();
    }
  });

  for (const [label, viewport] of [
    ['375 px', phone],
    ['1280 px', desktop],
  ] as const) {
    for (const { path, name, heading } of pages) {
      it(`hydrates ${path} at ${label} without console errors, without the auth library, and passes axe`, async () => {
        const visited = await visit(path, viewport);
        const { page, consoleErrors, scripts, scriptBodies, close } = visited;
        try {
          await hydrated(page);
          await expectOnPage(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          if (path !== '/auth') await expectOnPage(page.getByRole('heading', { name: 'Professional', exact: true })).toBeVisible();
          expect(consoleErrors).toEqual([]);
          expect(scripts.filter((s) => /auth-library|signInWithRedirect/.test(s))).toEqual([]);
          // Amplify's Cognito client names its endpoint host; no other code of ours does.
          expect((await Promise.all(scriptBodies)).filter((body) => body.includes('cognito-idp'))).toEqual([]);
          // The loader preloads the config after the first paint; the preload is what the app reads.
          expect(visited.configRequests).toBe(1);
          expect(visited.stylesheets).toEqual([]);
          expect(await axeViolations(page)).toEqual([]);
          await shot(page, `prerender-${name}-${viewport.width}`);
        } finally {
          await close();
        }
      });
    }
  }

  it('works by keyboard once hydrated: /auth switches to sign-up with Enter on the link button', async () => {
    const { page, consoleErrors, scriptBodies, close } = await visit('/auth', phone);
    try {
      await hydrated(page);
      await page.getByRole('button', { name: 'Sign up' }).focus();
      await page.keyboard.press('Enter');
      await expectOnPage(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
      // Typing into the form is what loads the auth library, ahead of the submit.
      await page.getByLabel('Email').focus();
      await expectOnPage.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('auth-library')))).toBe(true);
      // …and the check the other tests make would have seen it.
      await expectOnPage.poll(async () => (await Promise.all(scriptBodies)).some((body) => body.includes('cognito-idp'))).toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('draws the prerendered pricing page from the plans table, not from the build', async () => {
    const db = await tables();
    const before = (await db.plan.get({ planId: 'plan-business-growth' }).go()).data;
    expect(before).toBeTruthy();
    await db.plan.patch({ planId: 'plan-business-growth' }).set({ priceCents: 1234 }).go();
    const { page, close } = await visit('/pricing', phone);
    try {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Professional', exact: true }) });
      await expectOnPage(card).toContainText('$12.34');
      expect(await (await fetch(`${origin}/pricing`)).text()).not.toContain('$12.34');
    } finally {
      await db.plan.patch({ planId: 'plan-business-growth' }).set({ priceCents: before!.priceCents }).go();
      await close();
    }
  });
});

// Second half of `npm run build:web`: prerenders the public pages and the signed-in pages' frames
// (shared/public-pages.ts) into web/dist after the client build. Each page is the client build's index.html with the page's markup in #root (marked
// data-prerendered, so main.tsx hydrates it), its stylesheet inline, and in place of the build's script and preload
// tags one deferred loader (web/after-paint.js) that requests the entry, the page's chunks and the config after the
// first paint; the untouched shell becomes app.html, the SPA fallback for every other route.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { build } from 'vite';
import { DOMAIN_SHELL_FILE, framedPages, prerenderedPages, SPA_SHELL_FILE } from '../shared/public-pages';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// WEB_DIST: the build's folder when it is not web/dist (web/vite.config.ts); the prerender's server build goes beside it.
const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(webRoot, 'dist');
const ssrOut = process.env.WEB_DIST ? `${dist}-prerender` : join(webRoot, '.prerender');
const manifestFile = join(dist, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g;
const CONFIG_PRELOAD = /\s*<link rel="preload" href="(\/config\.json)" as="fetch" crossorigin \/>/;
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/;

/** The chunk files a module needs before it runs: its own and, recursively, those it imports statically. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the client build's manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, seen);
  return seen;
}

/**
 * Writes a classic script of web/ (after-paint.js, kept-labels.js), minified, into dist/assets under its content hash
 * (cached for good, like every asset).
 */
function writeScript(name: string): string {
  const source = transformSync(readFileSync(join(webRoot, `${name}.js`), 'utf8'), { minify: true, target: 'es2020' }).code;
  const file = `assets/${name}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(dist, file), source);
  return file;
}

/**
 * The shell an agency's custom domain serves for every page (shared/public-pages.ts): no CardCrew title, description
 * or icon to paint before the app draws the agency's brand (its name as the title, its icon in the tab).
 */
function domainShell(shell: string): string {
  const out = shell
    .replace(/<title>[^<]*<\/title>/, '<title>Loading…</title>')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/\s*<meta name="theme-color"[^>]*>/, '')
    .replace(/<link rel="icon"[^>]*>/, '<link rel="icon" href="data:,">');
  if (/cardcrew/i.test(out) || !out.includes('<link rel="icon" href="data:,">')) throw new Error('The domain shell still names CardCrew or lost its icon link');
  return out;
}

async function prerender() {
  if (!existsSync(manifestFile)) throw new Error('Run the client build first (npm run build:web)');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!ROOT_ELEMENT.test(shell)) throw new Error('web/index.html has no <div id="root"> right before </body>');
  writeFileSync(join(dist, SPA_SHELL_FILE), shell);
  writeFileSync(join(dist, DOMAIN_SHELL_FILE), domainShell(shell));

  await build({
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false, manifest: false },
  });
  const { renderFrame, renderPage } = (await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)) as typeof import('./src/prerender');

  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  const config = CONFIG_PRELOAD.exec(shell)?.[1];
  if (!entry || !config) throw new Error('web/dist/index.html lost its entry script or its config preload');
  const loader = writeScript('after-paint');
  const keptLabelsScript = writeScript('kept-labels');
  const rememberedBrandScript = writeScript('remembered-brand');

  // A public page is hydrated (data-prerendered); a signed-in page's frame (issue 25 §1) is drawn from the HTML and
  // then rendered over by the app (data-frame), which draws the same frame with what the last visit kept, then the data.
  const pages = [
    ...Object.entries(prerenderedPages).map(([path, file]) => ({ path, file, render: renderPage, marker: 'data-prerendered' })),
    ...Object.entries(framedPages).map(([path, file]) => ({ path, file, render: renderFrame, marker: 'data-frame' })),
  ];
  for (const { path, file, render, marker } of pages) {
    const { html, modules, keptLabels, rememberedBrand } = await render(path);
    const chunks = [...chunksOf(manifest, 'index.html'), ...modules.flatMap((module) => [...chunksOf(manifest, module)])].filter((f) => `/${f}` !== entry);
    const loaderTag =
      `<script defer src="/${loader}" data-entry="${entry}" data-config="${config}" ` +
      `data-chunks="${[...new Set(chunks)].map((f) => `/${f}`).join(' ')}"></script>`;
    // Nothing is painted until the page's markup has been parsed to its end (the empty #page-end after #root; an
    // expected element unblocks rendering once its start tag is parsed, so #root itself would not do). Parsed in slices
    // (a slow phone, a busy machine), a page was painted half-parsed: the admin header's Sign Out button drawn as an
    // icon beside the title, then moved below it once its text was parsed, a layout shift the frames' test caught.
    const paintWhenParsed = '<link rel="expect" href="#page-end" blocking="render">';
    // A frame with slots for kept names fills them before its first paint (web/kept-labels.js): deferred, so it runs
    // once the frame is parsed, and render-blocking, so nothing is painted before it has (a paint of the placeholders
    // first, then the names, would shift what is below them). Cached for good, it costs a returning user nothing.
    const keptLabelsTag =
      keptLabels && html.includes('data-kept-label')
        ? `<script defer blocking="render" src="/${keptLabelsScript}" data-session="${keptLabels.session}" data-labels="${keptLabels.labels}"></script>`
        : '';
    // The sign-in page of a signed-out white-labelled client's person paints no CardCrew before the app has drawn the
    // agency's brand (web/remembered-brand.js; render-blocking like the kept names, and as cheap).
    const rememberedBrandTag = rememberedBrand
      ? `<script defer blocking="render" src="/${rememberedBrandScript}" data-brand-key="${rememberedBrand.key}" data-style-id="${rememberedBrand.styleId}"></script>`
      : '';
    const page = shell
      // The stylesheet inline (7 KB compressed): the first paint needs no second request. The CSP allows inline styles.
      // A lazy chunk that imports from the entry lists the entry's stylesheet among its dependencies; Vite's preload
      // helper skips one that a <link rel="stylesheet"> already names, and a disabled link is never fetched.
      .replace(STYLESHEET, (_, css: string) => `<style>${readFileSync(join(dist, css), 'utf8').replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="/${css}" disabled>`)
      // The page is readable without JavaScript: its scripts and the config they read are requested after it has
      // painted (the shell, app.html, keeps them in the head: it shows nothing without them).
      .replace(ENTRY_SCRIPT, '')
      .replace(MODULE_PRELOADS, '')
      .replace(CONFIG_PRELOAD, '')
      .replace('</head>', `${loaderTag}${paintWhenParsed}${keptLabelsTag}${rememberedBrandTag}</head>`)
      .replace(ROOT_ELEMENT, `<div id="root" ${marker}>${html}</div><template id="page-end"></template>`);
    writeFileSync(join(dist, file), page);
  }
  rmSync(ssrOut, { recursive: true, force: true });
  rmSync(join(dist, '.vite'), { recursive: true, force: true });
}

await prerender();

// What each Lambda's bundle imports at run time that the bundle does not contain. sharp is installed only into the
// zips of areas that write media (infra/api-stack.ts); an area that imported it anyway would fail at cold start in AWS
// ("Cannot find package 'sharp'") while every local test passes, because the local runtime has node_modules. And which
// Lambdas keep ElectroDB out of their module graph (the plain document client instead, docs/decisions.md). And what
// each loads at import rather than on first use (issue 25 §3, docs/decisions.md 'Cold starts').
import { build } from 'esbuild';
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areas, jobs, type AreaDef } from '../../functions/routes';
import { cardSharingNativeModules } from '../../functions/src/card-sharing/stream';
import { previewFontFiles } from '../../functions/src/link-preview/fonts';
import { bundledFileCommands, REPO_ROOT } from '../../infra/app-function';
import { linkPreviewFonts } from '../../infra/card-sharing';

/** The bundle's metafile output: what it contains (`inputs`) and what it imports from outside (`imports`). */
async function bundle(entry: string) {
  return Object.values((await metafileOf(entry)).outputs)[0]!;
}

/** Each entry is bundled once for all the checks that read its metafile (the same options every time). */
const metafiles = new Map<string, ReturnType<typeof buildMetafile>>();
function metafileOf(entry: string) {
  let metafile = metafiles.get(entry);
  if (!metafile) metafiles.set(entry, (metafile = buildMetafile(entry)));
  return metafile;
}

async function buildMetafile(entry: string) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    outfile: 'bundle.mjs',
    metafile: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    external: ['@aws-sdk/*', '@smithy/*', ...cardSharingNativeModules],
    logLevel: 'error',
  });
  return result.metafile;
}

/** The packages a bundle imports from outside itself, beside Node's own modules and the runtime's AWS SDK. */
async function externalImportsOf(entry: string): Promise<string[]> {
  const output = await bundle(entry);
  const provided = (path: string) => path.startsWith('node:') || builtinModules.includes(path) || /^@(aws-sdk|smithy)\//.test(path);
  return [...new Set(output.imports.filter((i) => i.external && !provided(i.path)).map((i) => i.path))];
}

describe('Lambda bundles', () => {
  const functions: [string, AreaDef][] = [...Object.entries(areas), ...Object.entries(jobs)];
  it.each(functions)('%s imports sharp only when its zip ships it (an area that writes media or renders images)', async (name, def) => {
    const media = def.capabilities.media as { write?: readonly string[]; render?: boolean } | undefined;
    const shipsSharp = Boolean(media?.write?.length || media?.render);
    // The card-sharing worker's zip ships resvg too (infra/card-sharing.ts), for the link preview.
    const shipped = name === 'cardSharing' ? [...cardSharingNativeModules] : shipsSharp ? ['sharp'] : [];
    expect((await externalImportsOf(def.entry)).sort()).toEqual(shipped.sort());
  });

  // Issue 25 §3: importing an AWS SDK client costs 50–100 ms of a cold start. DynamoDB is what every request reads, so
  // it loads with the module; every other client and sharp are imported by their first use (functions/src/adapters/sdk.ts).
  const loadedAtImport = new Set(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb']);
  it.each(functions)('%s imports no AWS SDK client but DynamoDB, nor sharp, before its first request', async (name, def) => {
    const output = await bundle(def.entry);
    const atImport = output.imports.filter((i) => i.external && i.kind !== 'dynamic-import' && !i.path.startsWith('node:') && !builtinModules.includes(i.path));
    // The link preview measures text with resvg synchronously (fitText), so the worker keeps it (~11 ms).
    const allowed = (path: string) => loadedAtImport.has(path) || (name === 'cardSharing' && path === '@resvg/resvg-js');
    expect([...new Set(atImport.map((i) => i.path))].filter((path) => !allowed(path))).toEqual([]);
  });

  // The heavy bundled libraries of a few requests (Stripe ~250 KB; pdf-lib ~500 KB with its fonts; passkit-generator
  // with node-forge and joi ~450 KB) are evaluated by the request that needs them: nothing reaches them statically.
  const lazyPackages = ['stripe', 'pdf-lib', 'passkit-generator'];
  it.each(functions)('%s reaches Stripe, pdf-lib and passkit-generator only through a dynamic import', async (_name, def) => {
    const { inputs } = await metafileOf(def.entry);
    // Every module the entry reaches through static imports alone: what the Lambda evaluates at import.
    const entry = Object.keys(inputs).find((path) => def.entry.endsWith(path))!;
    const reached = new Set([entry]);
    for (const path of reached) for (const i of inputs[path]?.imports ?? []) if (i.kind !== 'dynamic-import' && !i.external) reached.add(i.path);
    const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
    expect([...reached].filter((path) => lazyPackages.includes(packageOf(path) ?? ''))).toEqual([]);
  });

  // The first Intl call of a process (toLocaleString, Intl.NumberFormat…) sets up ICU: 20–40 ms. A module's top level
  // must not make one (shared/format.ts groupDigits instead); a request that formats pays it when it needs it.
  const intlProbe = `const calls = [];
for (const [owner, keys] of [[Number.prototype, ['toLocaleString']], [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']], [String.prototype, ['localeCompare']], [Intl, ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'ListFormat', 'RelativeTimeFormat', 'Segmenter', 'DisplayNames']]])
  for (const key of keys) { const original = owner[key]; owner[key] = function (...args) { calls.push(key + ' ' + new Error().stack.split('\\n')[2].trim()); return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args); }; }
await import(process.argv[1]);
console.log(JSON.stringify(calls));`;
  it.each(functions)('%s makes no Intl call while it loads', async (_name, def) => {
    // Inside the project, so the external AWS SDK resolves from node_modules as in the bench.
    const dir = resolve('.data', 'bundle-intl-probe');
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, `${_name}.mjs`);
    await build({ entryPoints: [def.entry], bundle: true, outfile, platform: 'node', target: 'node22', format: 'esm', external: ['@aws-sdk/*', '@smithy/*', ...cardSharingNativeModules], banner: { js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" }, logLevel: 'error' });
    const calls = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', intlProbe, outfile]).toString()) as string[];
    expect(calls).toEqual([]);
  });

  // ElectroDB with its validator is ~218 KB: the card page (150 KB budget) and payments (the Stripe SDK is ~240 KB of
  // its 400) read and write with the plain document client (card-store.ts, payment-store.ts).
  const plainClientAreas = [
    ['cardPage', 'functions/src/card-page/card-store.ts'],
    ['payments', 'functions/src/invoices/payment-store.ts'],
  ] as const;
  it.each(plainClientAreas)('%s reads and writes with %s and loads neither ElectroDB nor the entities', async (name, store) => {
    const modules = Object.keys((await bundle(areas[name].entry)).inputs);
    expect(modules).toContain(store);
    expect(modules.filter((path) => path.includes('node_modules/electrodb/') || path.endsWith('functions/src/data/entities.ts'))).toEqual([]);
  });

  // The worker's zip carries the Inter files in fonts/ (an afterBundling hook); the bundled code must find them there,
  // not in a node_modules the zip does not have. The same hook commands run here on an esbuild bundle of the lookup.
  it('the card-sharing worker finds the link preview fonts its zip carries beside the handler', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'preview-fonts-'));
    try {
      const entry = join(dir, 'entry.ts');
      writeFileSync(entry, `import { fontFilePaths } from ${JSON.stringify(join(REPO_ROOT, 'functions/src/link-preview/fonts.ts'))};\nconsole.log(JSON.stringify(fontFilePaths()));\n`);
      const asset = join(dir, 'asset');
      await build({ entryPoints: [entry], bundle: true, outfile: join(asset, 'index.mjs'), platform: 'node', target: 'node22', format: 'esm', logLevel: 'error' });
      for (const command of bundledFileCommands(linkPreviewFonts).afterBundling(REPO_ROOT, asset)) execSync(command);
      const found = JSON.parse(execFileSync(process.execPath, [join(asset, 'index.mjs')], { cwd: dir }).toString()) as string[];
      expect(found).toEqual(previewFontFiles.map(([, file]) => join(asset, 'fonts', file)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

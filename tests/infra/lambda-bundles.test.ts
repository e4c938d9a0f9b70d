// What each Lambda's bundle imports at run time that the bundle does not contain. sharp is installed only into the
// zips of areas that write media (infra/api-stack.ts); an area that imported it anyway would fail at cold start in AWS
// ("Cannot find package 'sharp'") while every local test passes, because the local runtime has node_modules. And which
// Lambdas keep ElectroDB out of their module graph (the plain document client instead, docs/decisions.md).
import { build } from 'esbuild';
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areas, jobs, type AreaDef } from '../../functions/routes';
import { cardSharingNativeModules } from '../../functions/src/card-sharing/stream';
import { previewFontFiles } from '../../functions/src/link-preview/fonts';
import { bundledFileCommands, REPO_ROOT } from '../../infra/app-function';
import { linkPreviewFonts } from '../../infra/card-sharing';

/** The bundle's metafile output: what it contains (`inputs`) and what it imports from outside (`imports`). */
async function bundle(entry: string) {
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
  return Object.values(result.metafile.outputs)[0]!;
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

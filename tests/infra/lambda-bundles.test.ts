// What each Lambda's bundle imports at run time that the bundle does not contain. sharp is installed only into the
// zips of areas that write media (infra/api-stack.ts); an area that imported it anyway would fail at cold start in AWS
// ("Cannot find package 'sharp'") while every local test passes, because the local runtime has node_modules.
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { areas, jobs, type AreaDef } from '../../functions/routes';

/** The packages a bundle imports from outside itself, beside Node's own modules and the runtime's AWS SDK. */
async function externalImportsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    outfile: 'bundle.mjs',
    metafile: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    external: ['@aws-sdk/*', '@smithy/*', 'sharp'],
    logLevel: 'error',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const provided = (path: string) => path.startsWith('node:') || builtinModules.includes(path) || /^@(aws-sdk|smithy)\//.test(path);
  return [...new Set(output.imports.filter((i) => i.external && !provided(i.path)).map((i) => i.path))];
}

describe('Lambda bundles', () => {
  const functions: [string, AreaDef][] = [...Object.entries(areas), ...Object.entries(jobs)];
  it.each(functions)('%s imports sharp only when its zip ships it (an area that writes media)', async (_name, def) => {
    const shipsSharp = Boolean(def.capabilities.media?.write?.length);
    expect(await externalImportsOf(def.entry)).toEqual(shipsSharp ? ['sharp'] : []);
  });
});

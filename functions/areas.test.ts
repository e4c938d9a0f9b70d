// The area order of functions/src (functions/areas.js) as the project's own lint applies it: code is linted with the real
// eslint.config.js as if it were a file of an area, so these prove `npm run lint` fails on an upward import.
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { areaLayers } from './areas.js';

const eslint = new ESLint();

/** The area-layers messages lint gives `code` as the file `path` (under functions/src). */
async function layerMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `functions/src/${path}` });
  return result!.messages.filter((m) => m.ruleId === 'cardcrew/area-layers').map((m) => m.message);
}

describe('areas import only downward (functions/areas.js)', { timeout: 60_000 }, () => {
  it('fails an import of a higher layer, and of the same layer, naming both areas', async () => {
    expect(await layerMessages('business/new-step.ts', "import { deactivate } from '../leavers/deactivate';\nexport const x = deactivate;\n")).toEqual([
      "'business' may not import 'leavers': leavers is in a higher layer in functions/areas.js. Move the shared code down, or the caller up.",
    ]);
    expect(await layerMessages('agency/new-step.ts', "export { providerName } from '../sso/provider-name';\n")).toEqual([
      "'agency' may not import 'sso': sso is in the same layer in functions/areas.js. Move the shared code down, or the caller up.",
    ]);
    // A dynamic import and a type-only import couple the areas as well.
    expect(await layerMessages('lib/new-step.ts', "export const load = () => import('../business/repository');\n")).toHaveLength(1);
    expect(await layerMessages('data/new-step.ts', "import type { CardRecord } from '../business/repository';\nexport type X = CardRecord;\n")).toHaveLength(1);
  });

  it('passes imports of lower layers, of its own area and of the root files', async () => {
    const code = "import { logger } from '../lib/logger';\nimport { cardKeys } from '../data/card-keys';\nimport { x } from './sibling';\nimport { config } from '../config';\nexport const all = [logger, cardKeys, x, config];\n";
    expect(await layerMessages('leavers/new-step.ts', code)).toEqual([]);
  });

  it('fails code of an area the list does not name', async () => {
    expect(await layerMessages('new-area/thing.ts', "import { logger } from '../lib/logger';\nexport const l = logger;\n")).toEqual([
      "Area 'new-area' is not in functions/areas.js: add it to the lowest layer above everything it imports.",
    ]);
  });

  it('names every area folder of functions/src once', () => {
    const folders = readdirSync(new URL('./src', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const named = areaLayers.flat();
    expect([...named].sort()).toEqual(folders);
    expect(new Set(named).size).toBe(named.length);
  });
});

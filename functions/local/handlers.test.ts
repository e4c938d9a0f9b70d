// The local runtime invokes each area's own Lambda handler: the one routes.ts names as that area's entry.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areas, type Area } from '../routes';
import { loadHandlers } from './handlers';

describe('local handlers', () => {
  it('maps every area to the handler of the entry routes.ts declares for it', async () => {
    const handlers = await loadHandlers();
    for (const [area, def] of Object.entries(areas) as [Area, { entry: string }][]) {
      const { handler } = (await import(resolve(def.entry))) as { handler: unknown };
      expect(handlers[area], area).toBe(handler);
    }
  }, 60_000);
});

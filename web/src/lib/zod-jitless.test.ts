import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  it("turns on zod's jitless mode without importing zod (zod reads the global config object)", async () => {
    makeZodJitless();
    const z = await import('@shared/zod');
    expect(z.config().jitless).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  it("turns on zod's jitless mode without importing zod (zod reads the global config object)", async () => {
    makeZodJitless();
    const z = await import('zod');
    expect(z.config().jitless).toBe(true);
    const mini = await import('zod/mini');
    expect(mini.config().jitless).toBe(true);
  });
});

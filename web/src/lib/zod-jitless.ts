// The CSP has no 'unsafe-eval': zod's JIT probe (`new Function`) would be reported as a violation on every page, so
// zod runs jitless. Set on zod's global config object (core.js keeps it on globalThis.__zod_globalConfig, shared by
// every copy of zod) so that the first load needs no zod at all; zod-jitless.test.ts fails if zod stops reading it.
export function makeZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
}

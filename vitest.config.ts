// Test layers (DESIGN §11): unit (pure rules), infra (synthesized template), integration (local runtime), e2e (browser).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import DurationSequencer from './tests/support/duration-sequencer';

const alias = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@functions': fileURLToPath(new URL('./functions', import.meta.url)),
  '@web': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// The SDK's notice that it will need Node 22 says nothing about CardCrew (Lambda runs Node 22); keep test logs readable.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  resolve: { alias },
  test: {
    // Shards by each file's measured duration (tests/support/system-durations.json), not by file count (vitest reads the
    // sequencer from the root config only; only the system tests are sharded).
    sequence: { sequencer: DurationSequencer },
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/support/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // The files share their worker's modules: aws-cdk-lib loads once per worker, not once per file, and a
          // configuration's synth is shared by every file that asks for it (tests/infra/synth-cardcrew.ts). Nothing in
          // them changes global state.
          isolate: false,
        },
      },
      {
        // Integration (API over the local runtime) and browser e2e share one started runtime.
        resolve: { alias },
        test: {
          name: 'system',
          include: ['tests/integration/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for what the runtime or the browser does next; vitest's 1 s default is too short on a loaded
          // 2-core machine (a held data call and a white-label save each missed it in CI runs).
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});

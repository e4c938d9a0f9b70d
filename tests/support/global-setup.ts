// Vitest global setup of the system tests: one real local runtime (ports +100, fresh .data/test) for all
// integration and browser tests, stopped afterwards.
import type { TestProject } from 'vitest/node';
import { startLocalRuntime } from './local-runtime';

export default async function setup(project: TestProject) {
  const runtime = await startLocalRuntime(100, '.data/test');
  project.provide('runtime', { origin: runtime.origin, env: runtime.env, ids: runtime.ids, settings: runtime.settings, dataDir: runtime.dataDir });
  return runtime.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: {
      origin: string;
      dataDir: string;
      env: Record<string, string>;
      ids: { userPoolId: string; userPoolClientId: string };
      settings: { sesPort: number; cognitoPort: number; dynamodbPort: number; s3Port: number };
    };
  }
}

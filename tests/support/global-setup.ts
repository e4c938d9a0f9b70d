// Vitest global setup of the system tests: one real local runtime (ports +100, fresh .data/test) for all
// integration and browser tests, stopped afterwards. TEST_PORT_OFFSET moves it, so two checkouts can test at once.
import type { TestProject } from 'vitest/node';
import { startLocalRuntime } from './local-runtime';

export default async function setup(project: TestProject) {
  const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 100);
  const runtime = await startLocalRuntime(portOffset, '.data/test');
  project.provide('runtime', { origin: runtime.origin, env: runtime.env, ids: runtime.ids, settings: runtime.settings, dataDir: runtime.dataDir, portOffset });
  return runtime.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: {
      origin: string;
      dataDir: string;
      portOffset: number;
      env: Record<string, string>;
      ids: { userPoolId: string; userPoolClientId: string };
      settings: { sesPort: number; cognitoPort: number; dynamodbPort: number; s3Port: number; hostedUiPort: number };
    };
  }
}

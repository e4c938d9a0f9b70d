// Vitest global setup of the system tests: one real local runtime (ports +100, fresh .data/test) for all
// integration and browser tests, stopped afterwards. TEST_PORT_OFFSET moves it and TEST_DATA_DIR names its folder, so
// two checkouts, or two shards of one run (tests/support/run-system.ts), can test at once.
import type { TestProject } from 'vitest/node';
import { startLocalRuntime } from './local-runtime';

export default async function setup(project: TestProject) {
  const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 100);
  // The billing fan-out: a failed payer comes back after 1 s (not 30), and the local SES quota is 100 mails/s (not 14),
  // so runs over every business the suite has created finish in seconds. Pacing itself is unit-tested.
  process.env.BILLING_RETRY_DELAY_SECONDS ??= '1';
  process.env.LOCAL_SES_MAX_SEND_RATE ??= '100';
  const runtime = await startLocalRuntime(portOffset, process.env.TEST_DATA_DIR ?? '.data/test');
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
      settings: { sesPort: number; cognitoPort: number; dynamodbPort: number; s3Port: number; hostedUiPort: number; oidcIdpPort: number; samlIdpPort: number; dnsPort: number; webhookReceiverPort: number };
    };
  }
}

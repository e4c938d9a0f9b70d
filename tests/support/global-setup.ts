// Starts the real local runtime (`npm run start:api`, the same code as `npm start`) on shifted ports with a
// fresh data folder, waits for /api/health, and stops its whole process group afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

export const TEST_PORT_OFFSET = 100;
export const TEST_DATA_DIR = resolve('.data/test');

let child: ChildProcess | undefined;

async function waitForHealth(origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`local runtime exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok && existsSync(join(TEST_DATA_DIR, 'runtime.json'))) return;
      last = `${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`local runtime did not become healthy: ${last}`);
}

export default async function setup(project: TestProject) {
  rmSync(TEST_DATA_DIR, { recursive: true, force: true });
  const env = { ...process.env, LOCAL_PORT_OFFSET: String(TEST_PORT_OFFSET), DATA_DIR: TEST_DATA_DIR, PORT: '', LOG_LEVEL: 'ERROR' };
  delete (env as Record<string, string | undefined>).PORT;
  child = spawn(process.execPath, ['--import', 'tsx', 'functions/local/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${3000 + TEST_PORT_OFFSET}`;
  try {
    await waitForHealth(origin, 120_000);
  } catch (error) {
    await teardown();
    throw new Error(`${(error as Error).message}\n--- runtime output ---\n${output}`);
  }
  const runtime = JSON.parse(readFileSync(join(TEST_DATA_DIR, 'runtime.json'), 'utf8'));
  project.provide('runtime', { origin, env: runtime.env, ids: runtime.ids, settings: runtime.settings });
  return teardown;
}

async function teardown() {
  if (!child?.pid) return;
  const pid = child.pid;
  const exited = new Promise((r) => child!.once('exit', r));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: {
      origin: string;
      env: Record<string, string>;
      ids: { userPoolId: string; userPoolClientId: string };
      settings: { sesPort: number; cognitoPort: number; dynamodbPort: number; s3Port: number };
    };
  }
}

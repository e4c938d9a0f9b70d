// Starts the real local runtime (the same code as `npm start`) as its own process group on shifted ports
// with a fresh data folder, and stops the whole group. Used by the system tests and the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface RunningRuntime {
  origin: string;
  dataDir: string;
  env: Record<string, string>;
  ids: { userPoolId: string; userPoolClientId: string };
  settings: { sesPort: number; cognitoPort: number; dynamodbPort: number; s3Port: number; hostedUiPort: number; oidcIdpPort: number; samlIdpPort: number; dnsPort: number; webhookReceiverPort: number };
  stop: () => Promise<void>;
}

export async function startLocalRuntime(portOffset: number, dataDir: string): Promise<RunningRuntime> {
  const dir = resolve(dataDir);
  rmSync(dir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_PORT_OFFSET: String(portOffset), DATA_DIR: dir, LOG_LEVEL: 'ERROR' };
  delete env.PORT;
  const child = spawn(process.execPath, ['--import', 'tsx', 'functions/local/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // The runtime's output is kept in its data folder (runtime.log), so a failed run can be read afterwards.
  mkdirSync(dir, { recursive: true });
  const log = createWriteStream(join(dir, 'runtime.log'));
  let output = '';
  const keep = (d: Buffer) => {
    log.write(d);
    if (output.length < 100_000) output += d;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://127.0.0.1:${3000 + portOffset}`;
  const stop = () => stopGroup(child);
  try {
    await waitForHealth(child, origin, join(dir, 'runtime.json'), 180_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- runtime output ---\n${output}`, { cause: error });
  }
  const runtime = JSON.parse(readFileSync(join(dir, 'runtime.json'), 'utf8'));
  return { origin, dataDir: dir, env: runtime.env, ids: runtime.ids, settings: runtime.settings, stop };
}

async function waitForHealth(child: ChildProcess, origin: string, runtimeFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`local runtime exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok && existsSync(runtimeFile)) return;
      last = `${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`local runtime did not become healthy: ${last}`);
}

async function stopGroup(child: ChildProcess) {
  if (!child.pid) return;
  // The whole group, even when the runtime itself has already exited (a crash leaves DynamoDB Local's JVM behind).
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

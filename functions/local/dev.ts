// `npm run dev`: the local runtime plus Vite's dev server with hot reload (http://127.0.0.1:5173, which
// proxies /api, /card, /media, /cognito and /config.json to the runtime on :3000).
import './quiet';
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', 'functions/local/start.ts'], { stdio: 'inherit', detached: true }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'web/vite.config.ts', '--host', '127.0.0.1'], { stdio: 'inherit', detached: true }),
];

function stopAll() {
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', () => {
  stopAll();
  process.exitCode = child.exitCode ?? 0;
});

// The JavaScript a prerendered page loads before it is interactive: its entry script and every modulepreload link
// in the built HTML (web/dist), compressed as the origin sends it (brotli) and with gzip for comparison.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface InitialJs {
  files: string[];
  rawKB: number;
  gzipKB: number;
  brotliKB: number;
}

const SCRIPT_OR_PRELOAD = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g;

export function initialJs(dist: string, htmlFile: string): InitialJs {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const files = [...new Set([...html.matchAll(SCRIPT_OR_PRELOAD)].map((m) => m[1]!))];
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body).length;
  }
  const kb = (n: number) => Math.round(n / 102.4) / 10;
  return { files, rawKB: kb(raw), gzipKB: kb(gzip), brotliKB: kb(brotli) };
}

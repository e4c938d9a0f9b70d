// The JavaScript a prerendered page loads before it is interactive: its scripts, modulepreload links and what its
// after-paint loader requests, from the built HTML (web/dist), compressed as the origin sends it (brotli) and with gzip for comparison.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface InitialJs {
  files: string[];
  rawKB: number;
  gzipKB: number;
  brotliKB: number;
}

/** Script sources and modulepreloads, and the files a prerendered page's loader (web/after-paint.js) requests. */
const SCRIPT_OR_PRELOAD = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g;
const LOADED_AFTER_PAINT = /\sdata-(?:entry|chunks)="([^"]+)"/g;

export function initialJs(dist: string, htmlFile: string): InitialJs {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const loaded = [...html.matchAll(LOADED_AFTER_PAINT)].flatMap((m) => m[1]!.split(' ')).map((f) => f.replace(/^\//, ''));
  const files = [...new Set([...[...html.matchAll(SCRIPT_OR_PRELOAD)].map((m) => m[1]!), ...loaded])];
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

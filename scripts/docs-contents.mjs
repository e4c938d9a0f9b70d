// The "## Contents" list of a markdown file (docs/decisions.md): every "## " heading linked with GitHub-style anchors
// (github-slugger's rules: lowercase; punctuation and symbols dropped, letters kept; spaces to "-"; repeated slugs
// get -1, -2 …). `node scripts/docs-contents.mjs docs/decisions.md` prints it; paste it over the old list.
import { readFileSync } from 'node:fs';
const strip = /(?![\p{Alphabetic} \-])[\p{No}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{Pd}\p{S}\p{Cc}\p{Co}\p{Cf}\p{Cn}\p{Z}]/gu;
const slug = (t) => t.toLowerCase().replace(strip, '').replace(/ /g, '-');
const lines = readFileSync(process.argv[2], 'utf8').split('\n');
const seen = new Map();
let fence = null;
const out = [];
for (const line of lines) {
  const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
  if (f) { if (!fence) fence = f[1][0]; else if (f[1][0] === fence) fence = null; continue; }
  if (fence) continue;
  const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
  if (!h) continue;
  const text = h[2];
  const base = slug(text);
  let s = base;
  if (seen.has(base)) { let n = seen.get(base); do { n++; s = `${base}-${n}`; } while (seen.has(s)); seen.set(base, n); }
  seen.set(s, seen.get(s) ?? 0);
  if (h[1] === '##') out.push(`- [${text}](#${s})`);
}
console.log(out.join('\n'));

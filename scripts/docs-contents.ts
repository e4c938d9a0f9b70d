// The "## Contents" list of a markdown file (docs/decisions.md): every "## " heading linked with GitHub-style anchors
// (github-slugger's rules: lowercase; punctuation and symbols dropped, letters kept; spaces to "-"; repeated slugs
// get -1, -2 …). `npx tsx scripts/docs-contents.ts docs/decisions.md` prints it; paste it over the old list.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('Usage: npx tsx scripts/docs-contents.ts <file.md>');
const strip = /(?![\p{Alphabetic} -])[\p{No}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{Pd}\p{S}\p{Cc}\p{Co}\p{Cf}\p{Cn}\p{Z}]/gu;
const slug = (text: string) => text.toLowerCase().replace(strip, '').replace(/ /g, '-');

const seen = new Map<string, number>();
let fence: string | null = null;
const contents: string[] = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
  if (marker) {
    if (!fence) fence = marker[0]!;
    else if (marker[0] === fence) fence = null;
    continue;
  }
  if (fence) continue;
  const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
  if (!heading) continue;
  const [, level, text] = heading as unknown as [string, string, string];
  const base = slug(text);
  let anchor = base;
  if (seen.has(base)) {
    let n = seen.get(base)!;
    do anchor = `${base}-${++n}`;
    while (seen.has(anchor));
    seen.set(base, n);
  }
  seen.set(anchor, seen.get(anchor) ?? 0);
  if (level === '##' && text !== 'Contents') contents.push(`- [${text}](#${anchor})`);
}
console.log(contents.join('\n'));

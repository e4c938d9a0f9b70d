// Compiles the React Email mail components to functions/src/mail/templates.generated.ts (HTML strings with
// {{tokens}}), so the Lambdas fill strings and never carry React. Run: `npx tsx scripts/build-mail-templates.tsx`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedModuleSource } from '../functions/src/mail/templates/render';

const target = fileURLToPath(new URL('../functions/src/mail/templates.generated.ts', import.meta.url));
writeFileSync(target, generatedModuleSource());
console.log(`Wrote ${target}`);

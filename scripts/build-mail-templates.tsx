// Compiles the React Email mail components to functions/src/mail/templates.generated.ts (HTML strings with
// {{tokens}}), so the Lambdas fill strings and never carry React. Run: `npx tsx scripts/build-mail-templates.tsx`.
// The module is written as Prettier formats it, so `npm run format` leaves it unchanged.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { generatedModuleSource } from '../functions/src/mail/templates/render';

const target = fileURLToPath(new URL('../functions/src/mail/templates.generated.ts', import.meta.url));
writeFileSync(target, await format(generatedModuleSource(), { ...(await resolveConfig(target)), filepath: target }));
console.log(`Wrote ${target}`);

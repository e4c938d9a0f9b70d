// zod for every schema in CardCrew: the mini build (functions instead of methods, so a bundle carries only the
// checks it uses: ~30 KB in a Lambda instead of zod classic's ~93 KB) with zod's English messages for the few
// fields that have no message of their own. Import it as `import * as z from '<path>/shared/zod'`.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';

// sharp, loaded by the first image this container encodes (issue 25 §3: ~55 ms of a cold start otherwise). Its own
// module: only the Lambdas whose zips ship sharp (tests/infra/lambda-bundles.test.ts) may reach this import.
import { lazy } from '../lib/lazy';

export const loadSharp = lazy(async () => (await import('sharp')).default);

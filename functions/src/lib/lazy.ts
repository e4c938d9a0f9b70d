// Load on first use (issue 25 §3, docs/decisions.md 'Cold starts'): a Lambda's import evaluates only what every request
// of its area needs; an SDK client or a heavy library that some requests need is loaded by the first of them, once.
// `lazy(() => import('@aws-sdk/client-s3'))` stays a dynamic import in the esbuild bundle (the SDK is external).

/** Runs `load` on the first call and shares its promise with every later call; a failed load is retried next time. */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

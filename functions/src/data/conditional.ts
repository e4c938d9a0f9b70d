// A write refused by its condition (ConditionalCheckFailed), however the SDK or ElectroDB wraps it.
export function isConditionalFailure(error: unknown): boolean {
  const e = error as { cause?: { name?: string }; name?: string; message?: string };
  return e?.cause?.name === 'ConditionalCheckFailedException' || e?.name === 'ConditionalCheckFailedException' || /conditional request failed/i.test(e?.message ?? '');
}

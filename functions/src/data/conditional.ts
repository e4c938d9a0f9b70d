// A write refused by its condition (ConditionalCheckFailed), however the SDK or ElectroDB wraps it.
export function isConditionalFailure(error: unknown): boolean {
  const e = error as { cause?: { name?: string }; name?: string; message?: string };
  return e?.cause?.name === 'ConditionalCheckFailedException' || e?.name === 'ConditionalCheckFailedException' || /conditional request failed/i.test(e?.message ?? '');
}

/** Runs a conditional write: true when it was written, false when its condition refused it; anything else is thrown. */
export async function writtenIf(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

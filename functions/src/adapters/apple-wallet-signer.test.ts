import { describe, expect, it } from 'vitest';
import { appleWalletMessages } from '../../../shared/messages/apple-wallet';
import { appleWalletSigner } from './apple-wallet-signer';

describe('Apple Wallet signer', () => {
  it('is absent without a secret name or a local folder, and the API then says "not available" with a 404, not a 5xx', async () => {
    delete process.env.APPLE_WALLET_SECRET_NAME;
    delete process.env.APPLE_WALLET_LOCAL_DIR;
    expect(await appleWalletSigner()).toBeNull();
    const { requireSigner } = await import('../apple-wallet/apple-pass');
    const refusal = await requireSigner().catch((error: unknown) => error as { status: number; message: string });
    expect(refusal).toMatchObject({ status: 404, message: appleWalletMessages.notAvailable });
  });
});

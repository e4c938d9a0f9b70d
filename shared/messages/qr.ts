// The QR failure sentence, shared by the dashboard's and the portal's copy.
export const qrFailed = (reason: string) => `Failed to generate QR code: ${reason}`;

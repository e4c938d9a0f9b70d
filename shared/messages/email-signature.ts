// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
/** E-mail signature (issue 22 §3): the signature's own words, the portal section and Company Settings. */
export const emailSignatureMessages = {
  viewCard: 'View my digital card',
  emailLabel: 'Email',
  officeLabel: 'Office',
  mobileLabel: 'Mobile',
  phoneLabel: 'Phone',
  photoAlt: (name: string) => `Photo of ${name}`,
  logoAlt: (company: string) => `${company} logo`,
  qrAlt: 'QR code: scan to open my digital card',
  copied: 'Signature copied',
  copiedDescription: 'Paste it into your e-mail program’s signature settings.',
  copyFailed: 'The signature could not be copied. Use Download .htm, or select the preview and copy it.',
  downloaded: 'Signature downloaded',
  loadFailed: 'Could not load your e-mail signature.',
  noCard: 'An e-mail signature needs a digital card first.',
  /** Where each mail program takes a pasted signature. */
  howTo: {
    gmail: 'Settings → See all settings → General → Signature: Create new, paste (Ctrl+V or ⌘V), then Save Changes at the bottom of the page.',
    outlookWeb: 'Settings → Mail → Compose and reply → Email signature: paste it into the box, then Save.',
    outlookDesktop:
      'File → Options → Mail → Signatures… → New: paste it into the editor and press OK. Or save the downloaded .htm file in %APPDATA%\\Microsoft\\Signatures and choose it there.',
    appleMail: 'Mail → Settings → Signatures: add a signature, untick “Always match my default message font”, then paste it.',
  },
} as const;

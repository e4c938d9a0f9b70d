// Copy of one area, apart from shared/messages.ts so that only the bundles that show it carry it.
import { qrFailed } from './qr';

/** Employee portal (spec 1 §2, §8). */
export const portalMessages = {
  loadFailed: 'Could not load your profile information.',
  profileNotFoundTitle: 'Profile Not Found',
  generateCardFailed: 'Failed to generate digital card.',
  walletPassFailed: 'Failed to generate Google Wallet pass. Please try again.',
  walletAddFailed: 'Failed to add to Google Wallet. Please try again.',
  qrFailed,
  qrGenerated: 'QR code generated successfully!',
  /** 'Share your card': the share sheet, Copy link and prefilled messages (decisions in docs/decisions.md). */
  share: {
    /** The words a prefilled message or the share sheet puts before the link. */
    message: 'Here is my digital business card:',
    emailSubject: (name: string) => `${name}’s digital business card`,
    noShareSheet: 'This browser has no share sheet: copy the link, or send it by text, WhatsApp or email with the buttons below.',
    copied: 'Link copied. Paste it wherever you want to share your card.',
    copyFailed: 'The link could not be copied. Select the link above and copy it yourself.',
    shareFailed: 'Your card could not be shared. Copy the link, or send it with one of the buttons below.',
  },
  /** Issue 22 §6: 'Write to NFC tag' (Web NFC, Chrome on Android); decisions in docs/decisions.md. */
  nfc: {
    unsupported:
      'Writing NFC tags works in Chrome on Android phones with NFC. This browser cannot write them: open the Employee Portal in Chrome on an Android phone to write a tag. Once written, a tap with an iPhone or an Android phone opens your card.',
    waiting: 'Hold the back of your phone against the NFC tag and keep it still.',
    written: 'Your card was written to the tag. Tapping the tag with a phone now opens your card.',
    permissionDenied: 'NFC permission was denied. Allow NFC for this site in Chrome’s site settings, then try again.',
    cancelled: 'Writing was cancelled. Nothing was written to the tag.',
    noTag: 'No NFC tag could be written. Check that NFC is turned on in your phone’s settings and that the tag can hold a link (NDEF), then try again.',
    tagMoved: 'The tag moved away before your card was written. Hold the phone still against the tag and try again.',
    failed: 'The tag could not be written. Please try again.',
  },
  /** 'Virtual Background' (issue 22 §4). */
  background: {
    mirrored:
      'Your own preview in Zoom, Teams or Meet may show the background mirrored, with the text and QR code back to front. That is only your self-view: everyone else in the call sees it the right way round, and their phones can scan the code.',
    mirrorSettings:
      'To see it the right way round yourself: in Zoom, Settings → Video → clear “Mirror my video”; in Microsoft Teams, Settings → Devices → turn off “Mirror my video”. In Google Meet, too, only your own preview is mirrored.',
    howToUse: 'Add the downloaded image as a virtual background (or “background effect”) in your video app’s settings.',
    downloaded: 'Your virtual background was downloaded.',
    failed: 'The virtual background could not be created. Please try again.',
    previewsFailed: 'The previews could not be drawn. You can still download a background.',
  },
} as const;

// What the portal's 'Share your card' buttons hand to the phone: the share sheet's data and the prefilled text, WhatsApp
// and e-mail links. Each carries the card URL with its own source mark (shared/scan-sources.ts), so scan analytics tell
// the channels apart; Copy link copies the plain URL, which counts as a shared link.
import { portalMessages } from './messages/portal';
import { markedCardUrl } from './scan-sources';

export interface ShareLinks {
  /** For `navigator.share` (Web Share API). */
  shareData: { title: string; text: string; url: string };
  /** `sms:` with a body and no recipient: the phone's messages app opens with the text, the user picks who. */
  text: string;
  /** WhatsApp's click-to-chat link with the text and no number: WhatsApp asks whom to send it to. */
  whatsapp: string;
  /** `mailto:` with no recipient, a subject and a body (RFC 6068: percent-encoded, CRLF line breaks). */
  email: string;
}

/** The message and the link, as one line a recipient can tap. */
function messageWith(url: string): string {
  return `${portalMessages.share.message} ${url}`;
}

export function shareLinksOf({ cardUrl, name }: { cardUrl: string; name: string }): ShareLinks {
  const message = (source: 'text' | 'whatsapp' | 'email') => messageWith(markedCardUrl(cardUrl, source));
  return {
    shareData: { title: portalMessages.share.emailSubject(name), text: portalMessages.share.message, url: markedCardUrl(cardUrl, 'share') },
    // `sms:?&body=`: the one form both iOS Messages and Android's messages apps fill in (RFC 5724's `sms:?body=` loses
    // the body on older iOS).
    text: `sms:?&body=${encodeURIComponent(message('text'))}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message('whatsapp'))}`,
    email: `mailto:?subject=${encodeURIComponent(portalMessages.share.emailSubject(name))}&body=${encodeURIComponent(`${message('email')}\r\n\r\n${name}`)}`,
  };
}

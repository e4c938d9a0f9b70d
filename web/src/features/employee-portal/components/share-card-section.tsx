// 'Share your card': the phone's share sheet (Web Share API) with the card URL marked as a share, Copy link, and links
// that open the messages app, WhatsApp or the mail app with a prefilled message (shared/share-links.ts). Where there is
// no share sheet (most desktop browsers) the section says so and the other ways remain.
import { portalMessages } from '@shared/messages/portal';
import { shareLinksOf } from '@shared/share-links';
import { Copy, Mail, MessageCircle, MessageSquareText, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';

type ShareData = ReturnType<typeof shareLinksOf>['shareData'];

/** The Web Share API where the browser has it (not in Firefox or Chrome on desktop Linux). */
function shareSheet(): ((data: ShareData) => Promise<void>) | undefined {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined;
}

export function ShareCardSection({ cardUrl, name }: { cardUrl: string; name: string }) {
  const links = shareLinksOf({ cardUrl, name });
  const share = shareSheet();
  const [status, setStatus] = useState<{ text: string; failed: boolean }>({ text: '', failed: false });
  const headingId = useId();
  const linkId = useId();

  async function openShareSheet(open: (data: ShareData) => Promise<void>) {
    try {
      await open(links.shareData);
      setStatus({ text: '', failed: false });
    } catch (error) {
      // AbortError: the user closed the sheet; nothing to say.
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      setStatus(aborted ? { text: '', failed: false } : { text: portalMessages.share.shareFailed, failed: true });
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(cardUrl);
      setStatus({ text: portalMessages.share.copied, failed: false });
    } catch {
      // No clipboard access (an insecure origin, a refused permission): the link is on screen to copy by hand.
      setStatus({ text: portalMessages.share.copyFailed, failed: true });
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="flex items-center gap-2 text-lg">
          <Share2 aria-hidden className="size-5" />
          Share your card
        </CardTitle>
        <CardDescription>Send your card to someone from your phone: they open it with a tap.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1">
          <label htmlFor={linkId} className="text-sm font-medium">
            Your card’s link
          </label>
          <input id={linkId} readOnly value={cardUrl} onFocus={(event) => event.currentTarget.select()} className="w-full min-w-0 rounded-md border bg-background px-3 py-2 text-sm" />
        </div>
        {!share && <p className="text-sm text-muted-foreground">{portalMessages.share.noShareSheet}</p>}
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          {share && (
            <Button onClick={() => void openShareSheet(share)}>
              <Share2 aria-hidden />
              Share
            </Button>
          )}
          <Button variant="outline" onClick={() => void copyLink()}>
            <Copy aria-hidden />
            Copy link
          </Button>
          <Button asChild variant="outline">
            <a href={links.text}>
              <MessageSquareText aria-hidden />
              Send by text
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={links.whatsapp} target="_blank" rel="noreferrer">
              <MessageCircle aria-hidden />
              Send on WhatsApp
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={links.email}>
              <Mail aria-hidden />
              Send by email
            </a>
          </Button>
        </div>
        <p role="status" aria-live="polite" className={status.failed ? 'text-sm text-destructive' : 'text-sm'}>
          {status.text}
        </p>
      </CardContent>
    </Card>
  );
}

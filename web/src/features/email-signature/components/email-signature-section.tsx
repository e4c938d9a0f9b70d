// 'Email Signature' (issue 22 §3), in the employee portal and in the owner's Employee Profile dialog: a live preview of
// the card's signature (shared/email-signature.ts), 'Copy signature' (HTML and plain text on the clipboard),
// 'Download .htm' for Outlook desktop, and where each mail program takes it.
// The preview is a sandboxed iframe (srcdoc): the signature is shown as a mail client shows it, without the app's
// styles, and nothing in it can run (no allow-scripts); allow-same-origin only lets the page read its height.
import { buildEmailSignature, type EmailSignature } from '@shared/email-signature';
import { emailSignatureMessages } from '@shared/messages/email-signature';
import { Copy, Download, Mail } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Spinner } from '@web/components/spinner';
import { useNearViewport } from '@web/lib/use-near-viewport';
import { useEmailSignature } from '../api/get-email-signature';
import { copySignature, downloadSignature } from '../clipboard';

const m = emailSignatureMessages;

interface Props {
  cardId: string;
  /** Changes whenever what the card shows may have changed (the profile), so the preview follows it. */
  version: string;
  /** The portal's sections are h2; inside the Employee Profile dialog it is an h3. */
  headingAs?: 'h2' | 'h3';
  /** Whose signature, in the description: 'your' in the portal, the employee's name for an owner. */
  owner?: string;
}

export function EmailSignatureSection({ cardId, version, headingAs = 'h2', owner }: Props) {
  const headingId = useId();
  const query = useEmailSignature(cardId, version);
  const signature = useMemo(() => (query.data ? buildEmailSignature(query.data) : null), [query.data]);
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader>
        <CardTitle as={headingAs} id={headingId} className="flex items-center gap-2 text-lg">
          <Mail aria-hidden className="size-5" />
          Email Signature
        </CardTitle>
        <CardDescription>
          {owner ? `${owner}’s` : 'Your'} signature for Gmail, Outlook and Apple Mail, with a link to the digital card. Copy it and paste it into the
          signature settings.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {query.isPending ? (
          <Spinner label="Loading the e-mail signature…" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {m.loadFailed}
          </p>
        ) : (
          signature && <SignatureTools signature={signature} name={query.data.name} />
        )}
      </CardContent>
    </Card>
  );
}

function SignatureTools({ signature, name }: { signature: EmailSignature; name: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The preview is a document of its own, made when it comes within a quarter screen of the viewport: on a phone it
  // is below the portal's first screen, and making it cost the page's load a long task (issue 25 §1).
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, '25% 0px');
  // A narrower frame (a phone, a rotated screen) wraps the text: fit the height again whenever the width changes.
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fitToContent(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const srcDoc = `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:12px;background:#ffffff">${signature.html}</body></html>`;
  async function copy() {
    try {
      await copySignature(signature);
      toast.success(m.copied, { description: m.copiedDescription });
    } catch {
      toast.error('Error', { description: m.copyFailed });
    }
  }
  return (
    <>
      {near ? (
        <iframe
          ref={frame}
          title="Email signature preview"
          sandbox="allow-same-origin"
          srcDoc={srcDoc}
          onLoad={(event) => fitToContent(event.currentTarget)}
          className="h-48 w-full min-w-0 rounded-md border bg-white"
        />
      ) : (
        <div ref={slot} aria-hidden className="h-48 w-full min-w-0 rounded-md border bg-white" />
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy signature
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            downloadSignature(signature, name);
            toast.success(m.downloaded);
          }}
        >
          <Download aria-hidden />
          Download .htm
        </Button>
      </div>
      <details className="rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">How to add it to your e-mail</summary>
        <dl className="mt-3 grid gap-2">
          <HowTo program="Gmail">{m.howTo.gmail}</HowTo>
          <HowTo program="Outlook on the web and the new Outlook">{m.howTo.outlookWeb}</HowTo>
          <HowTo program="Outlook for Windows (classic)">{m.howTo.outlookDesktop}</HowTo>
          <HowTo program="Apple Mail">{m.howTo.appleMail}</HowTo>
        </dl>
      </details>
    </>
  );
}

/** As tall as the signature (its images carry their sizes, so the height is known once it has loaded). */
function fitToContent(frame: HTMLIFrameElement) {
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc?.body || !view) return;
  // The body's height (plus its 12 px margins), not the document's, which is never less than the frame: so a frame
  // that became wider can get shorter. A signature wider than the frame scrolls sideways inside it: add that
  // scrollbar's height. The 2 px are the frame's border.
  const scrollbar = view.innerHeight - doc.documentElement.clientHeight;
  const wanted = `${doc.body.scrollHeight + 24 + scrollbar + 2}px`;
  if (frame.style.height !== wanted) frame.style.height = wanted;
}

function HowTo({ program, children }: { program: string; children: string }) {
  return (
    <div>
      <dt className="font-medium">{program}</dt>
      <dd className="break-words text-muted-foreground">{children}</dd>
    </div>
  );
}

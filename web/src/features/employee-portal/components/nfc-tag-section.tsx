// 'Write to NFC tag' (issue 22 §6): where the browser has Web NFC (Chrome on Android), one NDEF URL record with the card
// URL marked as an NFC scan (shared/scan-sources.ts), so taps on the tag count as NFC in scan analytics. Elsewhere the
// section says which phones can write tags and offers no control that could only fail.
import { portalMessages } from '@shared/messages/portal';
import { markedCardUrl } from '@shared/scan-sources';
import { Nfc } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';

/** The part of Web NFC's NDEFReader used here (not in TypeScript's DOM types). */
interface NdefWriter {
  write(message: { records: { recordType: 'url'; data: string }[] }, options?: { signal?: AbortSignal }): Promise<void>;
}
type NdefReaderConstructor = new () => NdefWriter;

function ndefReader(): NdefReaderConstructor | undefined {
  return typeof window !== 'undefined' && 'NDEFReader' in window ? (window as unknown as { NDEFReader: NdefReaderConstructor }).NDEFReader : undefined;
}

type WriteState = { kind: 'idle' } | { kind: 'waiting' } | { kind: 'written' } | { kind: 'failed'; message: string };

/** Plain words for Web NFC's errors (DOMException names, as the Web NFC spec defines them). */
function failureOf(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError') return portalMessages.nfc.permissionDenied;
  if (name === 'AbortError') return portalMessages.nfc.cancelled;
  if (name === 'NotSupportedError' || name === 'NotReadableError') return portalMessages.nfc.noTag;
  if (name === 'NetworkError') return portalMessages.nfc.tagMoved;
  return portalMessages.nfc.failed;
}

export function NfcTagSection({ cardUrl }: { cardUrl: string }) {
  const Reader = ndefReader();
  const url = markedCardUrl(cardUrl, 'nfc');
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="flex items-center gap-2 text-lg">
          <Nfc aria-hidden className="size-5" />
          Write to NFC tag
        </CardTitle>
        <CardDescription>Put your card on an NFC tag or sticker: a phone that taps it opens your card.</CardDescription>
      </CardHeader>
      <CardContent>{Reader ? <NfcWriter Reader={Reader} url={url} /> : <p className="text-sm">{portalMessages.nfc.unsupported}</p>}</CardContent>
    </Card>
  );
}

function NfcWriter({ Reader, url }: { Reader: NdefReaderConstructor; url: string }) {
  const [state, setState] = useState<WriteState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const writeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // The Cancel button goes away with the wait and the Write button was disabled during it: once it is enabled again,
  // give it keyboard focus back if the focus was lost with them (not if the user has moved on).
  // Leaving the portal while the phone waits for a tag stops the wait.
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (state.kind === 'waiting' || !refocus.current) return;
    refocus.current = false;
    writeButton.current?.focus();
  }, [state]);

  async function write() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'waiting' });
    try {
      await new Reader().write({ records: [{ recordType: 'url', data: url }] }, { signal: controller.signal });
      setState({ kind: 'written' });
    } catch (error) {
      setState({ kind: 'failed', message: failureOf(error) });
    } finally {
      abort.current = null;
      const focused = document.activeElement;
      refocus.current = focused === document.body || focused === cancelButton.current || focused === writeButton.current;
    }
  }

  const waiting = state.kind === 'waiting';
  const status =
    state.kind === 'waiting' ? portalMessages.nfc.waiting : state.kind === 'written' ? portalMessages.nfc.written : state.kind === 'failed' ? state.message : '';
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        The tag will open <span className="break-all text-foreground">{url}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button ref={writeButton} disabled={waiting} onClick={() => void write()}>
          <Nfc aria-hidden />
          {state.kind === 'written' ? 'Write another tag' : 'Write to NFC tag'}
        </Button>
        {waiting && (
          <Button ref={cancelButton} variant="outline" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        )}
      </div>
      <p role="status" aria-live="polite" className={state.kind === 'failed' ? 'text-sm text-destructive' : 'text-sm'}>
        {status}
      </p>
    </div>
  );
}

// A 'Copy' button for a value the person pastes elsewhere (a SCIM URL or token, what an identity provider needs):
// it says 'Copied' for two seconds, and asks to copy by hand where the browser refuses the clipboard.
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from './button';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          toast.error('Copy failed', { description: 'Select the text and copy it by hand.' });
        }
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

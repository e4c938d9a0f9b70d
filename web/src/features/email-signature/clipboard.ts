// Copying and downloading a signature (issue 22 §3). Mail clients take a pasted signature from the clipboard's HTML, so
// both types go on it: a ClipboardItem with text/html and text/plain where the browser has one; elsewhere a copy
// command whose event fills both types (every browser still supports that path).
import { signatureDocument, signatureFileName, type EmailSignature } from '@shared/email-signature';

export async function copySignature(signature: EmailSignature): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard && 'write' in navigator.clipboard) {
    const item = new ClipboardItem({
      'text/html': new Blob([signature.html], { type: 'text/html' }),
      'text/plain': new Blob([signature.text], { type: 'text/plain' }),
    });
    await navigator.clipboard.write([item]);
    return;
  }
  copyWithCommand(signature);
}

/** The fallback: `document.execCommand('copy')` with a copy handler that sets both types. */
function copyWithCommand(signature: EmailSignature): void {
  let filled = false;
  const onCopy = (event: ClipboardEvent) => {
    event.preventDefault();
    event.clipboardData?.setData('text/html', signature.html);
    event.clipboardData?.setData('text/plain', signature.text);
    filled = Boolean(event.clipboardData);
  };
  document.addEventListener('copy', onCopy);
  try {
    // Deprecated but still the one way without the async Clipboard API.
    if (!document.execCommand('copy') || !filled) throw new Error('copy command refused');
  } finally {
    document.removeEventListener('copy', onCopy);
  }
}

/** Saves `{name}-signature.htm`: a whole HTML document for Outlook desktop's signature folder. */
export function downloadSignature(signature: EmailSignature, name: string): void {
  const blob = new Blob([signatureDocument(signature, `${name} – e-mail signature`)], { type: 'text/html;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = signatureFileName(name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// A logo or photo upload (issue 8 §2): the browser-side check (type and size, spec 2 §5), the file sent straight to
// the media bucket with a presigned POST (with a progress bar), then the confirm call that checks the bytes on the
// server and stores the image. `onUploaded` gets the stored image's URL. A refusal is shown under the field as well as
// in a toast, so it stays in the dialog after the toast has gone.
import { messages } from '@shared/messages';
import { checkUploadFile, uploadContentTypes, uploadResultSchema, uploadTicketSchema, type UploadPurpose, type UploadResult } from '@shared/schemas/media';
import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Label } from '@web/components/label';
import { apiRequest, isApiError } from '@web/lib/api-client';

/** Where a business's uploads start (its logo and its employees' photos). */
export function businessUploadsPath(businessId: string): string {
  return `/api/businesses/${encodeURIComponent(businessId)}/uploads`;
}

/** Where the agency's logo upload starts. */
export const AGENCY_UPLOADS_PATH = '/api/agency/uploads';

interface Props {
  /** The route that starts the upload; its `/{uploadId}/confirm` confirms it. */
  uploadsPath: string;
  purpose: UploadPurpose;
  /** Whose photo (photos only). */
  employeeId?: string;
  label: string;
  /** The image shown now, if any. */
  currentUrl?: string | null;
  onUploaded: (url: string) => void;
}

/** Sends the file to the presigned POST, reporting progress (0–100). */
function postToBucket(url: string, fields: Record<string, string>, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`The upload was refused (${xhr.status}).`)));
    xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
    xhr.send(form);
  });
}

export async function uploadImage(base: string, purpose: UploadPurpose, file: File, employeeId: string | undefined, onProgress: (percent: number) => void): Promise<UploadResult> {
  const ticket = await apiRequest(base, { method: 'POST', body: { contentType: file.type, size: file.size, purpose, ...(employeeId ? { employeeId } : {}) }, schema: uploadTicketSchema });
  await postToBucket(ticket.url, ticket.fields, file, onProgress);
  return apiRequest(`${base}/${encodeURIComponent(ticket.uploadId)}/confirm`, { method: 'POST', body: {}, schema: uploadResultSchema });
}

export function ImageUploadField({ uploadsPath, purpose, employeeId, label, currentUrl, onUploaded }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ title: string; description: string } | null>(null);
  const problemId = `${inputId}-problem`;

  function refuse(title: string, description: string) {
    setProblem({ title, description });
    toast.error(title, { description });
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    const check = checkUploadFile(file);
    if (!check.ok) {
      refuse(check.title, check.description);
      return;
    }
    setProgress(0);
    try {
      const { url } = await uploadImage(uploadsPath, purpose, file, employeeId, setProgress);
      onUploaded(url);
      toast.success(purpose === 'logo' ? messages.upload.logoUploaded : purpose === 'favicon' ? messages.upload.faviconUploaded : purpose === 'cover' ? 'Cover image uploaded' : 'Photo uploaded');
    } catch (error) {
      // The server's reason ('Invalid file type', 'File too large', 'This image is too large') when it gave one.
      if (isApiError(error) && error.status >= 400 && error.status < 500) refuse(error.fieldErrors?.file ?? messages.upload.failedTitle, error.message);
      else refuse(messages.upload.failedTitle, purpose === 'photo' ? 'Failed to upload photo. Please try again.' : purpose === 'cover' ? 'Failed to upload the cover image. Please try again.' : messages.upload.logoFailed);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex items-center gap-3">
        {currentUrl && <img src={currentUrl} alt="" className="size-12 shrink-0 rounded-lg border object-contain" />}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={uploadContentTypes.join(',')}
          className="sr-only"
          tabIndex={-1}
          disabled={progress !== null}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button type="button" variant="outline" size="sm" disabled={progress !== null} aria-describedby={problem ? problemId : undefined} onClick={() => input.current?.click()}>
          <Upload aria-hidden />
          {progress === null ? 'Choose image…' : 'Uploading...'}
        </Button>
      </div>
      {progress !== null && (
        <div className="grid gap-1">
          <progress max={100} value={progress} aria-label={`Uploading ${label.toLowerCase()}`} className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary" />
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {progress}%
          </span>
        </div>
      )}
      <p className="text-sm text-muted-foreground">{messages.upload.hint}</p>
      {problem && (
        // Not an alert: the toast (with the title) has announced it already.
        <p id={problemId} className="text-sm text-destructive">
          {problem.description}
        </p>
      )}
    </div>
  );
}

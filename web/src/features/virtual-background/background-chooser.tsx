// The inside of the portal's 'Virtual Background' section (issue 22 §4): the layout choice with a preview of each
// layout, 'Download background' and the note that one's own preview may look mirrored. Loaded lazily (React.lazy in
// the section's shell) together with the drawing code, so none of it is in the portal's first JS.
import { portalMessages } from '@shared/messages/portal';
import type { Employee, MyEmployee } from '@shared/schemas/employee';
import { Download, FlipHorizontal2, Loader2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { download, slug } from '@web/features/card-image/draw';
import { backgroundLayoutIds, backgroundLayoutLabels, type BackgroundLayoutId } from './layout';
import { exportBackground, loadBackgroundLogo, previewUrl, renderBackground, type BackgroundContent } from './render';

const PREVIEW_WIDTH = 384;

export default function BackgroundChooser({ employee, business }: { employee: Employee; business: MyEmployee['business'] }) {
  const name = useId();
  const cardUrl = employee.card?.cardUrl;
  const [layout, setLayout] = useState<BackgroundLayoutId>('brandPanel');
  // The previews drawn so far for the content they show (older content's previews are not shown).
  const [drawn, setDrawn] = useState<{ of: BackgroundContent | null; urls: Partial<Record<BackgroundLayoutId, string>>; failed: boolean }>({ of: null, urls: {}, failed: false });
  const [busy, setBusy] = useState(false);
  const content = useMemo<BackgroundContent | null>(
    () =>
      cardUrl
        ? {
            name: employee.name,
            jobTitle: employee.jobTitle,
            companyName: business.name,
            logoUrl: business.logoUrl,
            colors: { primaryColor: business.primaryColor, secondaryColor: business.secondaryColor, accentColor: business.accentColor },
            cardUrl,
          }
        : null,
    [cardUrl, employee.name, employee.jobTitle, business.name, business.logoUrl, business.primaryColor, business.secondaryColor, business.accentColor],
  );

  // The previews: each layout drawn once at the preview's size. Redrawn when what they show changes.
  useEffect(() => {
    if (!content) return;
    let cancelled = false;
    const urls: string[] = [];
    void (async () => {
      try {
        const logo = await loadBackgroundLogo(content.logoUrl);
        for (const id of backgroundLayoutIds) {
          if (cancelled) return;
          const url = await previewUrl(await renderBackground(id, content, logo, PREVIEW_WIDTH));
          urls.push(url);
          if (!cancelled) setDrawn((shown) => ({ of: content, urls: { ...(shown.of === content ? shown.urls : {}), [id]: url }, failed: false }));
        }
      } catch (error) {
        console.error(error);
        if (!cancelled) setDrawn((shown) => ({ ...(shown.of === content ? shown : { urls: {} }), of: content, failed: true }));
      }
    })();
    return () => {
      cancelled = true;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [content]);

  if (!content) return null;
  const previews = drawn.of === content ? drawn.urls : {};
  const previewsFailed = drawn.of === content && drawn.failed;

  async function save(chosen: BackgroundLayoutId, shown: BackgroundContent) {
    setBusy(true);
    try {
      const { blob, extension } = await exportBackground(await renderBackground(chosen, shown));
      download(blob, `${slug(shown.name)}-background.${extension}`);
      toast.success(portalMessages.background.downloaded, { description: portalMessages.background.howToUse });
    } catch (error) {
      console.error(error);
      toast.error('Error', { description: portalMessages.background.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4">
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Layout</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {backgroundLayoutIds.map((id) => (
          <label
            key={id}
            className="grid cursor-pointer gap-2 rounded-lg border p-2 has-checked:border-foreground has-checked:ring-2 has-checked:ring-foreground/30 has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <span className="block aspect-video w-full overflow-hidden rounded bg-muted">
              {previews[id] ? (
                <img src={previews[id]} alt="" width={PREVIEW_WIDTH} height={(PREVIEW_WIDTH * 9) / 16} className="size-full object-cover" />
              ) : (
                !previewsFailed && (
                  <span className="flex size-full items-center justify-center">
                    <Loader2 aria-hidden className="size-6 animate-spin text-muted-foreground" />
                  </span>
                )
              )}
            </span>
            <span className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} value={id} checked={layout === id} onChange={() => setLayout(id)} className="size-4 accent-current" />
              {backgroundLayoutLabels[id]}
            </span>
          </label>
        ))}
      </div>
      {previewsFailed && <p className="text-sm text-muted-foreground">{portalMessages.background.previewsFailed}</p>}
    </fieldset>
    <div className="flex flex-wrap items-center gap-3">
      <Button disabled={busy} onClick={() => void save(layout, content)}>
        {busy ? <Loader2 aria-hidden className="animate-spin" /> : <Download aria-hidden />}
        Download background
      </Button>
      <p className="text-sm text-muted-foreground">1920×1080 image, at most 1 MB</p>
    </div>
    <div className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
      <p className="flex gap-2 font-medium">
        <FlipHorizontal2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        Looks mirrored to you?
      </p>
      <p>{portalMessages.background.mirrored}</p>
      <p>{portalMessages.background.mirrorSettings}</p>
    </div>
    </div>
  );
}

// The payment page's header and footer in an agency's brand (issue 40): a white-labelled client's invoice shows the
// agency's logo (or initial), name and support contact, and no CardCrew mark or marketing links. The server decides the
// brand from the invoice's business; the page only draws what the invoice's view carries.
import type { ClientBrandView } from '@shared/schemas/me';
import { LifeBuoy } from 'lucide-react';
import { BrandMark } from '@web/features/white-label/brand-mark';

const FOOTER_YEAR = 2025; // as CardCrew's own footer (spec 1 §9)

function supportHref(brand: ClientBrandView): string {
  return brand.supportUrl ?? `mailto:${brand.supportEmail}`;
}

export function AgencyHeader({ brand }: { brand: ClientBrandView }) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <p className="flex min-w-0 items-center gap-2 text-lg font-bold">
          <BrandMark brand={brand} className="size-8" />
          <span className="truncate">{brand.name}</span>
        </p>
        <a href={supportHref(brand)} aria-label={`${brand.name} support`} className="ml-auto flex shrink-0 items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
          <LifeBuoy aria-hidden className="size-4" />
          Support
        </a>
      </div>
    </header>
  );
}

export function AgencyFooter({ brand }: { brand: ClientBrandView }) {
  return (
    <footer className="border-t px-4 py-8">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 text-sm text-muted-foreground sm:flex-row">
        <p>
          © {FOOTER_YEAR} {brand.name}. All Rights Reserved.
        </p>
        <p className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-1.5">
          <span>Questions about this invoice?</span>
          <a href={`mailto:${brand.supportEmail}`} className="font-medium text-foreground underline underline-offset-4 [overflow-wrap:anywhere]">
            {brand.supportEmail}
          </a>
        </p>
      </div>
    </footer>
  );
}

// A white-labelled client's mark beside the agency's name: its logo, else its initial on the brand's primary colour
// (the sign-in page and the payment page draw it; the size comes from the caller).
import type { ClientBrandView } from '@shared/schemas/me';
import { cn } from '@web/lib/cn';

export function BrandMark({ brand, className }: { brand: ClientBrandView; className: string }) {
  if (brand.logoUrl) return <img src={brand.logoUrl} alt="" className={cn('shrink-0 rounded-lg object-contain', className)} />;
  return (
    <span aria-hidden className={cn('flex shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground', className)}>
      {brand.name.charAt(0).toUpperCase()}
    </span>
  );
}

// The agency's own price for a client, per user per month, on the client's card: in dollars and cents, empty for the
// list price of the client's tier. Saved with its button (or Enter); the dashboard's revenue and profit follow. The
// server is the authority: the same schema checks the cents here and there.
import { formatMoney, DEFAULT_CURRENCY } from '@shared/format';
import { messages } from '@shared/messages';
import { toCents } from '@shared/pricing';
import { clientPriceInputSchema } from '@shared/schemas/agency-billing';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { Input } from '@web/components/input';
import { Label } from '@web/components/label';
import { useSetClientPrice } from '../api/agency-billing';

/** '2.50' → 250, '' → null (the list price), anything that is not dollars and cents → undefined. */
function centsOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return toCents(Number(trimmed));
}

const dollarsOf = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

export function ClientPriceField({ businessId, clientName, pricePerUserCents, listPricePerUserCents }: { businessId: string; clientName: string; pricePerUserCents: number | null; listPricePerUserCents: number }) {
  const id = useId();
  const save = useSetClientPrice();
  const [text, setText] = useState(dollarsOf(pricePerUserCents));
  const [error, setError] = useState<string | undefined>();
  const m = messages.agencyBilling;
  const listPrice = formatMoney(listPricePerUserCents, DEFAULT_CURRENCY);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(text);
    const parsed = clientPriceInputSchema.safeParse({ pricePerUserCents: cents === undefined ? Number.NaN : cents });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? m.priceInvalid);
    setError(undefined);
    try {
      const saved = await save.mutateAsync({ businessId, pricePerUserCents: parsed.data.pricePerUserCents });
      setText(dollarsOf(saved.pricePerUserCents));
      toast.success(saved.pricePerUserCents === null ? m.priceReset(clientName, listPrice) : m.priceSaved(clientName, formatMoney(saved.pricePerUserCents, DEFAULT_CURRENCY)));
    } catch {
      toast.error(m.priceSaveFailed);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-1 text-sm" aria-busy={save.isPending}>
      <Label htmlFor={id} className="text-muted-foreground">
        {m.priceLabel(clientName)}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={(listPricePerUserCents / 100).toFixed(2)}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={save.isPending} aria-label={`Save the price for ${clientName}`}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {m.priceHint(listPrice)}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

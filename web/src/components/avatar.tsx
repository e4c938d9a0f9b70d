// A photo or, without one, initials in a brand-coloured circle (or rounded square for logos).
import { cn } from '@web/lib/cn';
import { initials } from '@shared/format';

const sizes = { sm: 'size-10 text-sm', md: 'size-12 text-base' } as const;

interface Props {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  shape?: 'circle' | 'square';
}

export function Avatar({ name, src, size = 'md', shape = 'circle' }: Props) {
  const classes = cn('shrink-0', sizes[size], shape === 'circle' ? 'rounded-full' : 'rounded-lg');
  if (src) return <img src={src} alt="" className={cn(classes, 'object-cover')} />;
  return (
    <span aria-hidden className={cn(classes, 'flex items-center justify-center bg-primary font-semibold text-primary-foreground')}>
      {initials(name)}
    </span>
  );
}

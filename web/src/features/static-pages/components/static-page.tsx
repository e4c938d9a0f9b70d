// The frame of the static pages (spec 1 §2 'Static pages'): site navigation, a readable column, the footer.
import type { ComponentProps, ReactNode } from 'react';
import { SiteFooter } from '@web/components/site-footer';
import { cn } from '@web/lib/cn';
import { SiteTopNav } from '@web/features/auth/components/site-top-nav';

export function StaticPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteTopNav />
      <main className="flex-1">
        <div className="bg-gradient-to-b from-primary/10 to-background px-4 pt-12 pb-8 sm:pt-16">
          <div className="mx-auto max-w-3xl">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
            {intro && <div className="mt-4 text-lg text-muted-foreground">{intro}</div>}
          </div>
        </div>
        <div className="px-4 pb-16">
          <article className="mx-auto grid max-w-3xl gap-10 break-words">{children}</article>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A titled part of a static page; its heading labels the section. */
export function StaticSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 text-base leading-7">
      <h2 id={id} className="text-xl font-semibold sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Bullets({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('grid list-disc gap-2 pl-6 marker:text-secondary', className)} {...props} />;
}

/** The 'Last updated' line of the legal pages (spec 1 §9: July 17, 2025). */
export function LastUpdated() {
  return <p className="text-sm font-medium text-foreground">Last updated: July 17, 2025</p>;
}

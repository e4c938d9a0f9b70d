// A page body for an area that a later release fills in: a heading and what will be here.
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex flex-1 items-start justify-center bg-muted px-4 py-12 sm:items-center">
      <Card className="w-full max-w-lg text-center">
        <CardHeader>
          <Construction aria-hidden className="mx-auto size-10 text-secondary" />
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription className="text-base">Coming soon</CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">{children}</CardContent>
      </Card>
    </main>
  );
}

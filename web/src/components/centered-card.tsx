// A message in a card in the middle of the page (an account that could not load, an empty business, an error).
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

export function CenteredCard({ icon, title, description, children }: { icon?: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4 py-8">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          {icon}
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">{children}</CardContent>
      </Card>
    </main>
  );
}

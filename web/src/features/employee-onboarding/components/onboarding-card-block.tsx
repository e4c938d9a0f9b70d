// The onboarding page's digital business card block (spec 1 §2): 'Business Card Ready', an 'Active' badge, the QR
// code image when there is one, and 'Download Digital Card' (a 600×400 PNG, spec 1 §9).
import type { MyEmployee } from '@shared/schemas/employee';
import type { ReactNode } from 'react';
import { Badge } from '@web/components/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';

export function OnboardingCardBlock({ data, downloadButton }: { data: MyEmployee; downloadButton?: ReactNode }) {
  const card = data.employee.card;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle as="h2" className="text-lg">
            Business Card Ready
          </CardTitle>
          {card?.isActive && <Badge variant="success">Active</Badge>}
        </div>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4 text-center">
        {card?.qrCodeUrl && (
          <img src={card.qrCodeUrl} alt={`QR code for ${data.employee.name}'s business card`} width={200} height={200} className="size-48 rounded-lg border bg-white p-2" />
        )}
        {downloadButton}
      </CardContent>
    </Card>
  );
}

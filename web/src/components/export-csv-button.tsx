// 'Export CSV': fetches a CSV from the API and saves it as a file; disabled while it loads, errors to the caller.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { downloadCsv } from '@web/lib/csv';

interface Props {
  filename: string;
  load: () => Promise<string>;
  onError: (error: Error) => void;
}

export function ExportCsvButton({ filename, load, onError }: Props) {
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={exporting}
      onClick={() => {
        setExporting(true);
        load()
          .then((csv) => downloadCsv(filename, csv))
          .catch(onError)
          .finally(() => setExporting(false));
      }}
    >
      <Download aria-hidden />
      Export CSV
    </Button>
  );
}

// 'Import employees' (opens the import dialog) and 'Export CSV' beside the employee grid: a module of their own, so
// the dashboard draws them without loading the import dialog and its CSV reader (loaded when the dialog first opens).
import { Upload } from 'lucide-react';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/button';
import { ExportCsvButton } from '@web/components/export-csv-button';
import { exportEmployeesCsv } from '../api/employee-import';

/** 'Import employees' (opens the dialog) and 'Export CSV' (every employee, as the server writes them) for the grid. */
export function EmployeeCsvButtons({ businessId, onImport }: { businessId: string; onImport: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onImport}>
        <Upload aria-hidden />
        Import employees
      </Button>
      <ExportCsvButton
        filename="employees.csv"
        load={() => exportEmployeesCsv(businessId)}
        onError={(error) => toast.error('Export failed', { description: error.message })}
      />
    </div>
  );
}

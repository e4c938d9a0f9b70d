// 'Import employees' and 'Export CSV' (issue 11 §1). Import: choose a CSV file (a template shows the columns) → a preview of every row with
// what the import will do and why (the server decides: a dry run of the same import) → import with progress → a
// summary of what was created, updated, left unchanged, skipped and what failed, with the reasons by line. Lines the
// CSV reader could not read are listed with the rest, as invalid, and the file's other rows still import.
import { formatCount } from '@shared/format';
import { toCsv } from '@shared/csv';
import { employeeCsvColumns, MAX_IMPORT_BYTES, parseEmployeeCsv, type BadCsvLine, type EmployeeCsvRow } from '@shared/employee-csv';
import { messages } from '@shared/messages';
import type { ImportMode, ImportOutcome, ImportRowResult } from '@shared/schemas/employee-import';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/dialog';
import { Spinner } from '@web/components/spinner';
import { downloadCsv } from '@web/lib/csv';
import { importEmployeeRows } from '../api/employee-import';
import { dashboardKeys } from '../api/get-dashboard';

type Step =
  | { name: 'choose'; error?: string }
  | { name: 'checking'; fileName: string }
  | { name: 'preview'; fileName: string; rows: EmployeeCsvRow[]; unreadable: ImportRowResult[]; results: ImportRowResult[] }
  | { name: 'importing'; done: number; total: number }
  | { name: 'done'; rows: EmployeeCsvRow[]; results: ImportRowResult[] };

const previewLabels: Record<ImportOutcome, string> = { create: 'Create', update: 'Update', unchanged: 'Unchanged', skip: 'Skip', invalid: 'Invalid', duplicate: 'Duplicate', failed: 'Failed' };
const summaryLabels: [ImportOutcome, string][] = [
  ['create', 'Created'],
  ['update', 'Updated'],
  ['unchanged', 'Unchanged'],
  ['skip', 'Skipped'],
  ['failed', 'Not imported'],
];

/** The outcome a row's preview shows under the chosen mode: an existing employee is skipped in 'skip' mode. */
const asMode = (result: ImportRowResult, mode: ImportMode): ImportOutcome => (mode === 'skip' && (result.outcome === 'update' || result.outcome === 'unchanged') ? 'skip' : result.outcome);
const isProblem = (outcome: ImportOutcome) => outcome === 'invalid' || outcome === 'duplicate' || outcome === 'failed';
const reasonOf = (result: ImportRowResult) => Object.values(result.errors ?? {}).join(' ');
const columnHeaders = new Map<string, string>(employeeCsvColumns.map((c) => [c.field, c.header]));
/** What the import did to take the row's cells, by the file's column names: 'line breaks joined (Job Title, Department)'. */
function noticeOf(result: ImportRowResult): string | null {
  const byNotice = new Map<string, string[]>();
  for (const [field, notice] of Object.entries(result.notices ?? {})) byNotice.set(notice, [...(byNotice.get(notice) ?? []), columnHeaders.get(field) ?? field]);
  return byNotice.size > 0 ? [...byNotice].map(([notice, columns]) => `${notice} (${columns.join(', ')})`).join('; ') : null;
}

/** Rows whose email came earlier in the file are flagged here: the server sees one batch of the file at a time. */
function flagRepeats(rows: EmployeeCsvRow[]): { send: EmployeeCsvRow[]; repeats: ImportRowResult[] } {
  const seen = new Set<string>();
  const send: EmployeeCsvRow[] = [];
  const repeats: ImportRowResult[] = [];
  for (const row of rows) {
    const email = row.email?.trim().toLowerCase();
    if (email && seen.has(email)) repeats.push({ line: row.line, outcome: 'duplicate', errors: { email: messages.employeeImport.duplicate } });
    else {
      if (email) seen.add(email);
      send.push(row);
    }
  }
  return { send, repeats };
}

const byLine = (results: ImportRowResult[]) => [...results].sort((a, b) => a.line - b.line);

/** Lines the CSV reader could not read: never sent, shown as invalid with the reason. */
const unreadableOf = (badLines: BadCsvLine[]): ImportRowResult[] => badLines.map(({ line, reason }) => ({ line, outcome: 'invalid', errors: { _: reason } }));

function downloadTemplate() {
  const example = ['Ada Lovelace', 'ada@example.com', '+1 555 0100', '+1 555 0101', 'Engineer', 'R&D', 'https://www.linkedin.com/in/ada', 'Active'];
  downloadCsv('employees-template.csv', toCsv(employeeCsvColumns.map((c) => c.header), [example]));
}

export function ImportEmployeesDialog({ businessId, open, onOpenChange }: { businessId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [mode, setMode] = useState<ImportMode>('update');
  const queryClient = useQueryClient();
  const fileId = useId();

  async function choose(file: File) {
    if (file.size > MAX_IMPORT_BYTES) return setStep({ name: 'choose', error: messages.employeeImport.tooLarge });
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return setStep({ name: 'choose', error: messages.employeeImport.notText });
    }
    const parsed = parseEmployeeCsv(text);
    if (!parsed.ok) return setStep({ name: 'choose', error: parsed.error });
    setStep({ name: 'checking', fileName: file.name });
    const unreadable = unreadableOf(parsed.badLines);
    const { send, repeats } = flagRepeats(parsed.rows);
    const results = await importEmployeeRows(businessId, send, { onExisting: 'update', dryRun: true });
    setStep({ name: 'preview', fileName: file.name, rows: parsed.rows, unreadable, results: byLine([...results, ...repeats, ...unreadable]) });
  }

  async function runImport(rows: EmployeeCsvRow[], unreadable: ImportRowResult[]) {
    const { send, repeats } = flagRepeats(rows);
    setStep({ name: 'importing', done: 0, total: send.length });
    const results = await importEmployeeRows(businessId, send, { onExisting: mode, dryRun: false, onProgress: (done) => setStep({ name: 'importing', done, total: send.length }) });
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(businessId) });
    setStep({ name: 'done', rows, results: byLine([...results, ...repeats, ...unreadable]) });
  }

  function close(next: boolean) {
    if (step.name === 'importing' || step.name === 'checking') return;
    onOpenChange(next);
    if (!next) setStep({ name: 'choose' });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import employees</DialogTitle>
          <DialogDescription>Add or update many employees at once from a CSV file (up to 5,000 rows and 2 MB).</DialogDescription>
        </DialogHeader>

        {step.name === 'choose' && (
          <div className="grid gap-4">
            <p className="text-sm">
              The file’s first row names the columns: {employeeCsvColumns.map((c) => c.header).join(', ')}. Name and Email are required; Status is Draft, Active or Inactive
              (Draft when empty). Comma or semicolon separated, UTF-8.
            </p>
            <Button type="button" variant="outline" className="w-fit" onClick={downloadTemplate}>
              <Download aria-hidden />
              Download template
            </Button>
            <div className="grid gap-2">
              <label htmlFor={fileId} className="text-sm font-medium">
                CSV file
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                aria-describedby={step.error ? `${fileId}-error` : undefined}
                className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void choose(file);
                }}
              />
              {step.error && (
                <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive">
                  {step.error}
                </p>
              )}
            </div>
          </div>
        )}

        {step.name === 'checking' && <Spinner label={`Checking ${step.fileName}…`} />}

        {step.name === 'preview' && <Preview step={step} mode={mode} onModeChange={setMode} onImport={() => void runImport(step.rows, step.unreadable)} onBack={() => setStep({ name: 'choose' })} />}

        {step.name === 'importing' && (
          <div className="grid gap-2">
            <p id={`${fileId}-progress`} className="text-sm font-medium">
              Importing… {formatCount(step.done)} of {formatCount(step.total)} rows
            </p>
            <progress aria-labelledby={`${fileId}-progress`} className="h-2 w-full accent-primary" value={step.done} max={Math.max(step.total, 1)} />
          </div>
        )}

        {step.name === 'done' && <Summary results={step.results} onClose={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function Counts({ counts, labels }: { counts: Map<ImportOutcome, number>; labels: [ImportOutcome, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fit,minmax(7rem,1fr))]">
      {labels.map(([outcome, label]) => (
        <div key={outcome} className="rounded-lg border p-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-bold tabular-nums">{formatCount(counts.get(outcome) ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}

function countOf(outcomes: ImportOutcome[]): Map<ImportOutcome, number> {
  const counts = new Map<ImportOutcome, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return counts;
}

function Preview({ step, mode, onModeChange, onImport, onBack }: { step: Extract<Step, { name: 'preview' }>; mode: ImportMode; onModeChange: (mode: ImportMode) => void; onImport: () => void; onBack: () => void }) {
  const rowsByLine = new Map(step.rows.map((row) => [row.line, row]));
  const outcomes = step.results.map((r) => asMode(r, mode));
  const counts = countOf(outcomes);
  const writes = (counts.get('create') ?? 0) + (counts.get('update') ?? 0);
  const problems = outcomes.filter(isProblem).length;
  const existing = step.results.some((r) => r.outcome === 'update' || r.outcome === 'unchanged');
  const modeName = useId();
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-medium">{step.fileName}</span>: {formatCount(step.results.length)} rows. Nothing is saved until you press Import.
      </p>
      <Counts
        counts={new Map([...counts, ['invalid', problems]])}
        labels={[
          ['create', 'To create'],
          ['update', 'To update'],
          [mode === 'skip' ? 'skip' : 'unchanged', mode === 'skip' ? 'To skip' : 'Unchanged'],
          ['invalid', 'With problems'],
        ]}
      />
      {existing && (
        <fieldset className="grid gap-2 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">Rows whose email is already an employee</legend>
          {(['update', 'skip'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name={modeName} value={value} checked={mode === value} onChange={() => onModeChange(value)} className="size-4 accent-primary" />
              {value === 'update' ? 'Update them with the file’s values' : 'Skip them (leave them as they are)'}
            </label>
          ))}
        </fieldset>
      )}
      <div className="max-h-80 overflow-auto rounded-lg border" tabIndex={0} role="region" aria-label="Rows of the file">
        <table className="w-full text-sm">
          <caption className="sr-only">Every row of the file and what the import will do with it</caption>
          <thead className="sticky top-0 bg-muted">
            <tr className="text-left">
              <th scope="col" className="p-2 font-medium">
                Line
              </th>
              <th scope="col" className="p-2 font-medium">
                Name
              </th>
              <th scope="col" className="p-2 font-medium">
                Email
              </th>
              <th scope="col" className="p-2 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {step.results.map((result, i) => {
              const row = rowsByLine.get(result.line);
              const outcome = outcomes[i]!;
              const notice = noticeOf(result);
              return (
                <tr key={result.line} className="border-t align-top">
                  <td className="p-2 tabular-nums">{result.line}</td>
                  <td className="max-w-40 p-2 break-words">{row?.name}</td>
                  <td className="max-w-48 p-2 break-all">{row?.email}</td>
                  <td className={isProblem(outcome) ? 'p-2 text-destructive' : 'p-2'}>
                    <span className="font-medium">{previewLabels[outcome]}</span>
                    {isProblem(outcome) && <span>: {reasonOf(result)}</span>}
                    {notice && <span className="block text-muted-foreground">{notice}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack}>
          Choose another file
        </Button>
        <Button type="button" onClick={onImport} disabled={writes === 0}>
          <Upload aria-hidden />
          {writes === 0 ? 'Nothing to import' : `Import ${formatCount(writes)} ${writes === 1 ? 'row' : 'rows'}`}
        </Button>
      </DialogFooter>
    </div>
  );
}

function Summary({ results, onClose }: { results: ImportRowResult[]; onClose: () => void }) {
  const problems = results.filter((r) => isProblem(r.outcome));
  const counts = new Map([...countOf(results.map((r) => r.outcome)), ['failed', problems.length] as const]);
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm font-medium">
        Import finished.
      </p>
      <Counts counts={counts} labels={summaryLabels} />
      {problems.length > 0 && (
        <section aria-labelledby="import-problems-heading" className="grid gap-2">
          <h3 id="import-problems-heading" className="text-sm font-semibold text-destructive">
            Not imported ({formatCount(problems.length)}) — nothing of these rows was saved
          </h3>
          <ul className="max-h-60 overflow-auto rounded-lg border p-2 text-sm" tabIndex={0} aria-labelledby="import-problems-heading">
            {problems.map((r) => (
              <li key={r.line}>
                Line {r.line}: {previewLabels[r.outcome]} — {reasonOf(r)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DialogFooter>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}

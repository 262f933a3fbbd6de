import { useState, type FormEvent } from 'react';
import { progressLine } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useImportList } from '../../api/signups';
import { TextField } from '../../components/fields';
import { formatNumber } from '../../components/console-ui';

/** Importing an existing list: check the file first (nothing stored), then import the new people, unconfirmed. */
export function ImportPanel() {
  const importList = useImportList();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState('');
  const [confirmByMail, setConfirmByMail] = useState(false);
  const report = importList.data;
  const run = (dryRun: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (file) importList.mutate({ file, source: source.trim() || file.name.replace(/\.csv$/i, ''), dryRun, confirmByMail });
  };
  return (
    <section className="card stack" aria-labelledby="import-title">
      <h2 id="import-title">Import a list</h2>
      <p className="muted">
        A CSV with a header row: <code>email</code> (or Mailchimp&rsquo;s <code>Email Address</code>), and if you have them{' '}
        <code>role</code>, <code>company_size</code>, <code>desired_outcomes</code> (several separated by <code>;</code>),{' '}
        <code>created_at</code> and <code>locale</code>. A list of addresses alone imports: those people&rsquo;s answers are stored as not
        known, and their confirmation mail and data page ask for them. Addresses already on the list are left as they are.
      </p>
      <form className="stack" onSubmit={run(true)}>
        <div className="form-row">
          <div className="field">
            <label htmlFor="import-file">CSV file</label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                // Another file must be checked before it can be imported: the last report was about the old one.
                importList.reset();
                setFile(e.target.files?.[0] ?? null);
              }}
            />
          </div>
          <TextField
            id="import-source"
            label="Where the list comes from"
            placeholder="e.g. innovation-summit-2025"
            maxLength={100}
            value={source}
            onChange={(e) => setSource(e.target.value)}
          />
        </div>
        <label className="check">
          <input type="checkbox" checked={confirmByMail} onChange={(e) => setConfirmByMail(e.target.checked)} />
          Ask each new person to confirm by mail (sent at the bulk pace; those who do not confirm within 30 days are erased)
        </label>
        {importList.isError && (
          <p className="form-error" role="alert">
            {importList.error.message}
          </p>
        )}
        <div className="actions">
          <Button type="submit" variant="secondary" disabled={!file || importList.isPending}>
            Check the file (nothing is stored)
          </Button>
          <Button
            type="button"
            disabled={!file || importList.isPending || !report?.dry_run || report.new === 0}
            onClick={() => run(false)()}
          >
            Import {report?.dry_run ? formatNumber(report.new) : ''} new people
          </Button>
        </div>
      </form>
      {importList.isPending && (
        <div role="status" className="stack import-progress">
          {importList.progress ? (
            <>
              <progress max={importList.progress.total} value={importList.progress.done} aria-label="Rows imported" />
              <p>
                {progressLine({
                  label: 'Importing',
                  done: importList.progress.done,
                  total: importList.progress.total,
                  unit: 'rows',
                  elapsedMs: importList.progress.elapsedMs,
                })}
              </p>
            </>
          ) : (
            <p>Reading and checking the file…</p>
          )}
        </div>
      )}
      {report && (
        <div role="status" className="stack">
          <p>
            <strong>{report.dry_run ? 'Checked' : 'Imported'}:</strong> {formatNumber(report.rows)} rows: {formatNumber(report.new)} new,{' '}
            {formatNumber(report.existing)} already on the list,{' '}
            {report.erased ? `${formatNumber(report.erased)} erased at their request (skipped), ` : ''}
            {formatNumber(report.duplicates_in_file)} repeated in the file, {formatNumber(report.invalid.length)} invalid.
            {report.answers_unknown > 0 &&
              ` ${formatNumber(report.answers_unknown)} of the new without answers (stored as not known; asked for in their mail and on their page).`}
            {!report.dry_run &&
              ` ${formatNumber(report.imported)} stored, attributed to “${report.source}”${report.confirmations_queued ? `; ${formatNumber(report.confirmations_queued)} confirmation mails queued` : ''}.`}
          </p>
          {report.invalid.length > 0 && (
            <ul className="invalid-lines">
              {report.invalid.slice(0, 50).map((i) => (
                <li key={i.line}>
                  Line {i.line}: {i.reason}
                </li>
              ))}
              {report.invalid.length > 50 && <li>… and {formatNumber(report.invalid.length - 50)} more</li>}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';

import { Button } from '../../../../components/ui/button';
import { useImportList } from '../../api/signups';
import { TextField } from '../../components/fields';
import { useConsoleFormat, useConsoleWords } from '../../app/console-language';

/** How far an import is, in the console's language: rows done of all, the rate, and the time left at that rate. */
function useProgressLine(): (progress: { done: number; total: number; elapsedMs: number }) => string {
  const w = useConsoleWords().signups.import;
  const n = useConsoleFormat().number;
  return ({ done, total, elapsedMs }) => {
    const perSecond = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
    const leftSeconds = perSecond > 0 ? Math.ceil((total - done) / perSecond) : null;
    const left =
      leftSeconds === null || done >= total ? null : leftSeconds < 90 ? w.seconds(leftSeconds) : w.minutes(Math.ceil(leftSeconds / 60));
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    return w.progress(n(done), n(total), percent, n(Math.round(perSecond)), done >= total ? 'done' : left);
  };
}

/** Importing an existing list: check the file first (nothing stored), then import the new people, unconfirmed. */
export function ImportPanel() {
  const w = useConsoleWords().signups.import;
  const format = useConsoleFormat();
  const n = format.number;
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
      <h2 id="import-title">{w.title}</h2>
      <p className="muted">
        {w.header} <code>email</code> {w.mailchimp} <code>Email Address</code>
        {w.ifYouHave} <code>role</code>, <code>company_size</code>, <code>desired_outcomes</code> {w.several} <code>;</code>),{' '}
        <code>created_at</code>, <code>locale</code>. {w.addressesAlone}
      </p>
      <form className="stack" onSubmit={run(true)}>
        <div className="form-row">
          <div className="field">
            <label htmlFor="import-file">{w.file}</label>
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
            label={w.source}
            placeholder={w.sourcePlaceholder}
            maxLength={100}
            value={source}
            onChange={(e) => setSource(e.target.value)}
          />
        </div>
        <label className="check">
          <input type="checkbox" checked={confirmByMail} onChange={(e) => setConfirmByMail(e.target.checked)} />
          {w.confirmByMail}
        </label>
        {importList.isError && (
          <p className="form-error" role="alert">
            {importList.error.message}
          </p>
        )}
        <div className="actions">
          <Button type="submit" variant="secondary" disabled={!file || importList.isPending}>
            {w.check}
          </Button>
          <Button
            type="button"
            disabled={!file || importList.isPending || !report?.dry_run || report.new === 0}
            onClick={() => run(false)()}
          >
            {w.submit(report?.dry_run ? n(report.new) : '')}
          </Button>
        </div>
      </form>
      {importList.isPending && <ImportProgress progress={importList.progress} />}
      {report && <ImportReport report={report} />}
    </section>
  );
}

/** How far the import is: a bar and a line, once the server reports the rows (until then, that it reads the file). */
function ImportProgress({ progress }: { progress: ImportList['progress'] }) {
  const w = useConsoleWords().signups.import;
  const progressLine = useProgressLine();
  return (
    <div role="status" className="stack import-progress">
      {progress ? (
        <>
          <progress max={progress.total} value={progress.done} aria-label={w.rowsImported} />
          <p>{progressLine(progress)}</p>
        </>
      ) : (
        <p>{w.reading}</p>
      )}
    </div>
  );
}

/** What the check found, or what the import stored: the counts, and the first fifty lines it could not read. */
function ImportReport({ report }: { report: NonNullable<ImportList['data']> }) {
  const w = useConsoleWords().signups.import;
  const n = useConsoleFormat().number;
  return (
    <div role="status" className="stack">
      <p>
        <strong>{report.dry_run ? w.checked : w.imported}:</strong>{' '}
        {w.report({
          rows: n(report.rows),
          fresh: n(report.new),
          existing: n(report.existing),
          erased: report.erased ? n(report.erased) : null,
          repeated: n(report.duplicates_in_file),
          invalid: n(report.invalid.length),
        })}
        {report.answers_unknown > 0 && ` ${w.unknownAnswers(n(report.answers_unknown))}`}
        {!report.dry_run &&
          ` ${w.stored(n(report.imported), report.source, report.confirmations_queued ? n(report.confirmations_queued) : null)}`}
      </p>
      {report.invalid.length > 0 && (
        <ul className="invalid-lines">
          {report.invalid.slice(0, 50).map((i) => (
            <li key={i.line}>
              {w.line(i.line)} {i.reason}
            </li>
          ))}
          {report.invalid.length > 50 && <li>{w.more(n(report.invalid.length - 50))}</li>}
        </ul>
      )}
    </div>
  );
}

type ImportList = ReturnType<typeof useImportList>;

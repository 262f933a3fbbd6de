import { useBackupStatus } from '../api/team';
import { useConsoleFormat, useConsoleWords } from '../app/console-language';

/** The server's own backups on the dashboard: when the last was taken, or why the last one failed. */
export function BackupNotice() {
  const words = useConsoleWords().backup;
  const format = useConsoleFormat();
  const status = useBackupStatus();
  const data = status.data;
  if (!data || (!data.scheduled && !data.last_failure)) return null;
  if (data.last_failure) {
    return (
      <p className="notice notice-error" role="alert">
        {words.failed(format.dateTime(data.last_failure.at), data.last_failure.error)}
      </p>
    );
  }
  return (
    <p className="muted">
      {data.latest
        ? words.latest(format.dateTime(data.latest.created_at), format.number(data.latest.signups), data.every_hours, data.keep)
        : words.first(data.every_hours)}
    </p>
  );
}

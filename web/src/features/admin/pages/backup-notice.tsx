import { useBackupStatus } from '../api/team';
import { formatDateTime, formatNumber } from '../components/console-ui';

/** The server's own backups on the dashboard: when the last was taken, or why the last one failed. */
export function BackupNotice() {
  const status = useBackupStatus();
  const data = status.data;
  if (!data || (!data.scheduled && !data.last_failure)) return null;
  if (data.last_failure) {
    return (
      <p className="notice notice-error" role="alert">
        The last backup failed ({formatDateTime(data.last_failure.at)}): {data.last_failure.error}
      </p>
    );
  }
  return (
    <p className="muted">
      {data.latest
        ? `Last backup ${formatDateTime(data.latest.created_at)}: ${formatNumber(data.latest.signups)} sign-ups. One every ${data.every_hours} hours, the newest ${data.keep} kept.`
        : `Backups are on (one every ${data.every_hours} hours); the first is being taken.`}
    </p>
  );
}

import { Button } from '../../../components/ui/button';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/session';
import { DataTable, ErrorPanel, TimeCell, type Notice } from '../components/console-ui';
import { useConsoleWords } from '../app/console-language';

/** Where the operator is signed in (started, last used, browser), with a way to end any other session. */
export function SessionsPanel({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const w = useConsoleWords().sessions;
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const failed = (error: Error) => onNotice({ kind: 'error', text: error.message });
  const others = sessions.data?.items.filter((s) => !s.current).length ?? 0;
  return (
    <section className="card stack" aria-labelledby="sessions-title">
      <div className="page-header">
        <h2 id="sessions-title">{w.title}</h2>
        <Button
          variant="secondary"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) => onNotice({ kind: 'success', text: w.othersEnded(ended) }),
              onError: failed,
            })
          }
        >
          {w.endOthers}
        </Button>
      </div>
      {sessions.isError && <ErrorPanel title={w.failed} error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <DataTable
          caption={w.caption}
          header={
            <>
              <th scope="col">{w.browser}</th>
              <th scope="col">{w.signedIn}</th>
              <th scope="col">{w.lastUsed}</th>
              <th scope="col">
                <span className="visually-hidden">{w.action}</span>
              </th>
            </>
          }
        >
          {sessions.data.items.map((s) => (
            <tr key={s.id}>
              <td className="break">{s.browser ?? w.unknownBrowser}</td>
              <TimeCell at={s.started_at} />
              <TimeCell at={s.last_used_at} />
              <td>
                {s.current ? (
                  <span className="muted">{w.thisSession}</span>
                ) : (
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={endOne.isPending}
                    onClick={() =>
                      endOne.mutate(s.id, {
                        onSuccess: () => onNotice({ kind: 'success', text: w.ended }),
                        onError: failed,
                      })
                    }
                  >
                    {w.end}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

import { Button } from '../../../components/ui/button';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/session';
import { DataTable, ErrorPanel, TimeCell, type Notice } from '../components/console-ui';

/** Where the operator is signed in (started, last used, browser), with a way to end any other session. */
export function SessionsPanel({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const failed = (error: Error) => onNotice({ kind: 'error', text: error.message });
  const others = sessions.data?.items.filter((s) => !s.current).length ?? 0;
  return (
    <section className="card stack" aria-labelledby="sessions-title">
      <div className="page-header">
        <h2 id="sessions-title">Where you are signed in</h2>
        <Button
          variant="secondary"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) =>
                onNotice({ kind: 'success', text: `${ended} other ${ended === 1 ? 'session' : 'sessions'} ended.` }),
              onError: failed,
            })
          }
        >
          End all other sessions
        </Button>
      </div>
      {sessions.isError && (
        <ErrorPanel title="Your sessions could not be loaded" error={sessions.error} onRetry={() => void sessions.refetch()} />
      )}
      {sessions.data && (
        <DataTable
          caption="Your sessions, the most recently used first"
          header={
            <>
              <th scope="col">Browser</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </>
          }
        >
          {sessions.data.items.map((s) => (
            <tr key={s.id}>
              <td className="break">{s.browser ?? 'Unknown browser'}</td>
              <TimeCell at={s.started_at} />
              <TimeCell at={s.last_used_at} />
              <td>
                {s.current ? (
                  <span className="muted">This session</span>
                ) : (
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={endOne.isPending}
                    onClick={() =>
                      endOne.mutate(s.id, {
                        onSuccess: () => onNotice({ kind: 'success', text: 'The session was ended.' }),
                        onError: failed,
                      })
                    }
                  >
                    End
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

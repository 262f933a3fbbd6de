import { Button } from '../../../../components/ui/button';
import { useDocumentRequests, useMarkDocumentRequestAnswered } from '../../api/pilots';
import { Can } from '../../app/role';
import { TimeCell, TimeOf } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';
import { ListPanel } from '../../components/list-panel';

/**
 * The trust page's requests for our security documents (issue 37 item 1): a buyer's procurement or security people
 * ask, each owner is mailed (a reply goes to the buyer), and the request waits here until a member marks it answered.
 */
export function DocumentRequestsPanel() {
  const w = useConsoleWords().documents;
  const requests = useDocumentRequests();
  const answer = useMarkDocumentRequestAnswered();
  const open = requests.data?.open ?? 0;
  return (
    <section className="stack-lg" aria-labelledby="document-requests-title">
      <h2 id="document-requests-title">{w.title}</h2>
      <p className="muted">
        {w.intro} {requests.data ? (open === 0 ? w.allAnswered : w.open(open)) : null}
      </p>
      <ListPanel
        query={requests}
        items={requests.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(r) => (
          <tr key={r.id}>
            <TimeCell at={r.created_at} />
            <td>
              {r.name}
              <br />
              <a href={`mailto:${r.email}`}>{r.email}</a>
              {r.proof_of_work ? null : <span className="muted"> {w.noProof}</span>}
            </td>
            <td>{r.company}</td>
            <td>{r.documents.map((kind) => w.kinds[kind]).join(', ')}</td>
            <td>{r.message ?? '—'}</td>
            <td>
              {r.answered_at ? null : <span className="muted">{w.notAnswered} </span>}
              {r.answered_at ? (
                <>
                  <TimeOf at={r.answered_at} />
                  {r.answered_by ? <span className="muted"> {w.by(r.answered_by)}</span> : null}
                </>
              ) : (
                <Can need="member">
                  <Button
                    type="button"
                    size="small"
                    variant="secondary"
                    disabled={answer.isPending}
                    aria-label={w.markNamed(r.name, r.company)}
                    onClick={() => answer.mutate(r.id)}
                  >
                    {w.mark}
                  </Button>
                </Can>
              )}
            </td>
          </tr>
        )}
      />
      {answer.error ? (
        <p className="form-error" role="alert">
          {answer.error.message}
        </p>
      ) : null}
    </section>
  );
}

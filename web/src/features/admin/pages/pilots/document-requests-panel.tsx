import { DOCUMENT_KIND_LABELS } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useDocumentRequests, useMarkDocumentRequestAnswered } from '../../api/pilots';
import { Can } from '../../app/role';
import { TimeCell, formatDateTime } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';

/**
 * The trust page's requests for our security documents (issue 37 item 1): a buyer's procurement or security people
 * ask, each owner is mailed (a reply goes to the buyer), and the request waits here until a member marks it answered.
 */
export function DocumentRequestsPanel() {
  const requests = useDocumentRequests();
  const answer = useMarkDocumentRequestAnswered();
  const open = requests.data?.open ?? 0;
  return (
    <section className="stack-lg" aria-labelledby="document-requests-title">
      <h2 id="document-requests-title">Requests for security documents</h2>
      <p className="muted">
        Sent from the trust page; each owner got a mail to reply to.{' '}
        {requests.data ? (open === 0 ? 'All answered.' : `${open} not answered yet.`) : null}
      </p>
      <ListPanel
        query={requests}
        items={requests.data?.items}
        what="requests for security documents"
        empty="No request yet."
        caption="Requests for security documents, newest first"
        header={['Arrived', 'From', 'Company', 'Asks for', 'Message', 'Answered']}
        row={(r) => (
          <tr key={r.id}>
            <TimeCell at={r.created_at} />
            <td>
              {r.name}
              <br />
              <a href={`mailto:${r.email}`}>{r.email}</a>
              {r.proof_of_work ? null : <span className="muted"> (no proof of work)</span>}
            </td>
            <td>{r.company}</td>
            <td>{r.documents.map((kind) => DOCUMENT_KIND_LABELS[kind]).join(', ')}</td>
            <td>{r.message ?? '—'}</td>
            <td>
              {r.answered_at ? null : <span className="muted">Not answered yet. </span>}
              {r.answered_at ? (
                <>
                  <time dateTime={r.answered_at}>{formatDateTime(r.answered_at)}</time>
                  {r.answered_by ? <span className="muted"> by {r.answered_by}</span> : null}
                </>
              ) : (
                <Can need="member">
                  <Button
                    type="button"
                    size="small"
                    variant="secondary"
                    disabled={answer.isPending}
                    aria-label={`Mark the request of ${r.name} (${r.company}) answered`}
                    onClick={() => answer.mutate(r.id)}
                  >
                    Mark answered
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

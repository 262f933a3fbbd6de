import { useState } from 'react';
import { MAX_WAVE_SIZE, answerLabel, type AdminFilters, type AdminSegment } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useSignupList } from '../../api/signups';
import { useCreateWave, useMeetings } from '../../api/pilots';
import { PersonLink } from '../../components/person-link';
import { Can } from '../../app/role';
import { TextField } from '../../components/fields';
import { TimeCell, formatDateTime } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { waveOutcome } from './waves-panel';

/** The short list: confirmed people not yet invited, the best fit first (issue 36 item 4). */
export const SHORT_LIST_SEGMENT: AdminSegment = { confirmed: 'yes', invited: 'no', opted_out: 'no' };
const SHORT_LIST: AdminFilters = { ...SHORT_LIST_SEGMENT, sort: '-fit_score' };

/**
 * One view to decide (issue 36 item 4): the best fits not yet invited, with their company, role and size, why they
 * score as they do and whether a call is booked; and, for members, the wave that invites the best of them.
 */
export function ShortListPanel() {
  const list = useSignupList(SHORT_LIST, { page: 1 });
  const create = useCreateWave();
  const [name, setName] = useState('');
  const [count, setCount] = useState('10');
  const [outcome, setOutcome] = useState('');
  return (
    <section className="stack-lg" aria-labelledby="short-list-title">
      <h2 id="short-list-title">Short list</h2>
      <p className="muted">Confirmed people not yet invited, the best fit first (the first 25; the Sign-ups screen has them all).</p>
      <ListPanel
        query={list}
        items={list.data?.items}
        what="short list"
        empty="Nobody confirmed is waiting for an invitation."
        caption="The best fits not yet invited"
        header={['Fit', 'Person', 'Company', 'Role', 'Size', 'Why', 'Answers', 'Call']}
        row={(p) => (
          <tr key={p.id}>
            <td>{p.fit_score}</td>
            <td>
              <PersonLink id={p.id}>{p.email}</PersonLink>
            </td>
            <td>{p.free_mail ? 'personal address' : (p.company_domain ?? '—')}</td>
            <td>{answerLabel(p.role)}</td>
            <td>{answerLabel(p.company_size)}</td>
            <td>{p.fit_reasons.slice(0, 3).join(', ')}</td>
            <td>{p.answers?.length ? p.answers.map((a) => `${a.question} ${a.answer}`).join('; ') : '—'}</td>
            <td>{p.meeting_at ? `Booked ${formatDateTime(p.meeting_at)}` : '—'}</td>
          </tr>
        )}
      />
      <Can need="member">
        <form
          className="card stack"
          aria-labelledby="short-list-wave-title"
          onSubmit={(e) => {
            e.preventDefault();
            setOutcome('');
            create.mutate(
              { name, filter: SHORT_LIST_SEGMENT, limit: Number(count), order: 'best_fit' },
              {
                onSuccess: (created) => {
                  setOutcome(`“${name}”: ${waveOutcome(created)}`);
                  setName('');
                },
                onError: (error) => setOutcome(error.message),
              },
            );
          }}
        >
          <h3 id="short-list-wave-title">Invite the best of the short list</h3>
          <div className="form-grid">
            <TextField label="Name of the wave" value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
            <TextField
              label="How many (best fit first)"
              type="number"
              min={1}
              max={MAX_WAVE_SIZE}
              required
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
          <div className="actions">
            <Button type="submit" disabled={create.isPending || name.trim() === '' || !(Number(count) >= 1)}>
              Invite the best {Number(count) >= 1 ? Number(count) : ''}
            </Button>
          </div>
          <p role="status" aria-live="polite">
            {outcome}
          </p>
        </form>
      </Can>
    </section>
  );
}

/** The calls people booked through the booking link, soonest first (issue 36 item 3). */
export function UpcomingCallsPanel() {
  const meetings = useMeetings();
  return (
    <section className="stack-lg" aria-labelledby="upcoming-calls-title">
      <h2 id="upcoming-calls-title">Upcoming calls</h2>
      {meetings.data && !meetings.data.booking_configured && (
        <p className="muted">
          No booking page is set: set <code>BOOKING_URL</code> to offer the best fits a call (docs/deployment.md).
        </p>
      )}
      <ListPanel
        query={meetings}
        items={meetings.data?.items}
        what="upcoming calls"
        empty="No call booked yet."
        caption="Calls booked, soonest first"
        header={['When', 'Person', 'Company', 'Role', 'Fit']}
        row={(p) => (
          <tr key={p.id}>
            <TimeCell at={p.meeting_at!} />
            <td>
              <PersonLink id={p.id}>{p.email}</PersonLink>
              {p.meeting_unreferenced && <span className="muted"> (booked without our link: check it was them)</span>}
            </td>
            <td>{p.free_mail ? 'personal address' : (p.company_domain ?? '—')}</td>
            <td>{answerLabel(p.role)}</td>
            <td>{p.fit_score}</td>
          </tr>
        )}
      />
    </section>
  );
}

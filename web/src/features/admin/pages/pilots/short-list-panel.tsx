import { useState } from 'react';
import { MAX_WAVE_SIZE, type AdminFilters, type AdminSegment } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useSignupList } from '../../api/signups';
import { useCreateWave, useMeetings } from '../../api/pilots';
import { PersonLink } from '../../components/person-link';
import { Can } from '../../app/role';
import { TextField } from '../../components/fields';
import { TimeCell } from '../../components/console-ui';
import { useConsoleFormat, useConsoleWords } from '../../app/console-language';
import { ListPanel } from '../../components/list-panel';
import { waveOutcome } from './waves-panel';
import { ActionForm } from '../../components/action-form';

/** The short list: confirmed people not yet invited, the best fit first (issue 36 item 4). */
export const SHORT_LIST_SEGMENT: AdminSegment = { confirmed: 'yes', invited: 'no', opted_out: 'no' };
const SHORT_LIST: AdminFilters = { ...SHORT_LIST_SEGMENT, sort: '-fit_score' };

/**
 * One view to decide (issue 36 item 4): the best fits not yet invited, with their company, role and size, why they
 * score as they do and whether a call is booked; and, for members, the wave that invites the best of them.
 */
export function ShortListPanel() {
  const words = useConsoleWords();
  const w = words.shortList;
  const format = useConsoleFormat();
  const list = useSignupList(SHORT_LIST, { page: 1 });
  const create = useCreateWave();
  const [name, setName] = useState('');
  const [count, setCount] = useState('10');
  const [outcome, setOutcome] = useState('');
  return (
    <section className="stack-lg" aria-labelledby="short-list-title">
      <h2 id="short-list-title">{w.title}</h2>
      <p className="muted">{w.intro}</p>
      <ListPanel
        query={list}
        items={list.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(p) => (
          <tr key={p.id}>
            <td>{p.fit_score}</td>
            <td>
              <PersonLink id={p.id}>{p.email}</PersonLink>
            </td>
            <td>{p.free_mail ? w.personal : (p.company_domain ?? '—')}</td>
            <td>{p.role ?? words.common.answerUnknown}</td>
            <td>{p.company_size ?? words.common.answerUnknown}</td>
            <td>{p.fit_reasons.slice(0, 3).join(', ')}</td>
            <td>{p.answers?.length ? p.answers.map((a) => `${a.question} ${a.answer}`).join('; ') : '—'}</td>
            <td>{p.meeting_at ? w.booked(format.dateTime(p.meeting_at)) : '—'}</td>
          </tr>
        )}
      />
      <Can need="member">
        <ActionForm
          titleId="short-list-wave-title"
          title={w.inviteBest}
          onSubmit={() => {
            setOutcome('');
            create.mutate(
              { name, filter: SHORT_LIST_SEGMENT, limit: Number(count), order: 'best_fit' },
              {
                onSuccess: (created) => {
                  setOutcome(`“${name}”: ${waveOutcome(created, words)}`);
                  setName('');
                },
                onError: (error) => setOutcome(error.message),
              },
            );
          }}
          actions={
            <>
              <Button type="submit" disabled={create.isPending || name.trim() === '' || !(Number(count) >= 1)}>
                {w.submit(Number(count) >= 1 ? Number(count) : null)}
              </Button>
            </>
          }
          footer={
            <>
              <p role="status" aria-live="polite">
                {outcome}
              </p>
            </>
          }
        >
          <div className="form-grid">
            <TextField label={words.waves.name} value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
            <TextField
              label={w.howMany}
              type="number"
              min={1}
              max={MAX_WAVE_SIZE}
              required
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
        </ActionForm>
      </Can>
    </section>
  );
}

/** The calls people booked through the booking link, soonest first (issue 36 item 3). */
export function UpcomingCallsPanel() {
  const words = useConsoleWords();
  const w = words.calls;
  const meetings = useMeetings();
  return (
    <section className="stack-lg" aria-labelledby="upcoming-calls-title">
      <h2 id="upcoming-calls-title">{w.title}</h2>
      {meetings.data && !meetings.data.booking_configured && (
        <p className="muted">
          {w.noBooking} <code>BOOKING_URL</code> {w.noBookingAfter}
        </p>
      )}
      <ListPanel
        query={meetings}
        items={meetings.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(p) => (
          <tr key={p.id}>
            <TimeCell at={p.meeting_at!} />
            <td>
              <PersonLink id={p.id}>{p.email}</PersonLink>
              {p.meeting_unreferenced && <span className="muted"> {w.unreferenced}</span>}
            </td>
            <td>{p.free_mail ? words.shortList.personal : (p.company_domain ?? '—')}</td>
            <td>{p.role ?? words.common.answerUnknown}</td>

            <td>{p.fit_score}</td>
          </tr>
        )}
      />
    </section>
  );
}

import { useState } from 'react';
import type { FunnelView } from '../app/view-address';
import type { AdminFunnel, FunnelDimension } from '@waitlist/contract';
import { useFunnel } from '../api/insight';
import { DateField, SelectField } from '../components/fields';
import { DataTable, AdminPage, ErrorPanel, Loading, StatCard } from '../components/console-ui';
import { useConsoleLanguage, useConsoleWords } from '../app/console-language';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const DIMENSIONS: readonly FunnelDimension[] = ['day', 'source', 'campaign', 'landing_path'];
const rate = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`);

/** Visitors, sign-ups and confirmed as three bars per row, in plain SVG (no chart library on this page). */
function FunnelChart({ data }: { data: AdminFunnel }) {
  const w = useConsoleWords().funnel;
  const rows = data.rows.slice(0, 30);
  const max = Math.max(1, ...rows.map((r) => Math.max(r.visitors, r.signups)));
  const rowHeight = 30;
  const labelWidth = 150;
  const width = 720;
  const bar = (value: number) => Math.max(value > 0 ? 2 : 0, ((width - labelWidth - 60) * value) / max);
  return (
    <svg className="funnel-chart" viewBox={`0 0 ${width} ${rows.length * rowHeight + 10}`} role="img" aria-labelledby="funnel-chart-title">
      <title id="funnel-chart-title">{w.chartTitle(w.per[data.by])}</title>
      {rows.map((r, i) => {
        const y = i * rowHeight + 4;
        return (
          <g key={r.key}>
            <text x={labelWidth - 8} y={y + 16} textAnchor="end" className="funnel-label">
              {r.key.length > 20 ? `${r.key.slice(0, 19)}…` : r.key}
            </text>
            <rect x={labelWidth} y={y} width={bar(r.visitors)} height={8} className="funnel-visitors" />
            <rect x={labelWidth} y={y + 9} width={bar(r.signups)} height={8} className="funnel-signups" />
            <rect x={labelWidth} y={y + 18} width={bar(r.confirmed)} height={8} className="funnel-confirmed" />
          </g>
        );
      })}
    </svg>
  );
}

/** Visitors → sign-ups → confirmed for a chosen period, per day or per source, campaign or landing page. */
export function FunnelPage({ view, onView }: { view: FunnelView; onView: (view: FunnelView) => void }) {
  // The address's period, else the last 30 days (fixed when the page opens).
  const words = useConsoleWords();
  const w = words.funnel;
  const [today] = useState(() => Date.now());
  const from = view.from ?? isoDay(today - 29 * DAY_MS);
  const to = view.to ?? isoDay(today);
  const by: FunnelDimension = view.by ?? 'day';
  const setFrom = (value: string) => onView({ ...view, from: value });
  const setTo = (value: string) => onView({ ...view, to: value });
  const setBy = (value: FunnelDimension) => onView({ ...view, by: value === 'day' ? undefined : value });
  const funnel = useFunnel(from, to, by);
  const data = funnel.data;

  return (
    <AdminPage titleId="funnel-title" title={words.screens.funnel} summary={w.summary}>
      <form className="filters card" aria-label={w.form} onSubmit={(e) => e.preventDefault()}>
        <DateField label={words.signups.filters.from} value={from} max={to} onChange={(v) => v && setFrom(v)} />
        <DateField label={words.signups.filters.to} value={to} min={from} onChange={(v) => v && setTo(v)} />
        <SelectField
          compact
          label={w.perLabel}
          options={DIMENSIONS}
          labels={w.dimensions}
          value={by}
          onValue={(next) => next && setBy(next)}
        />
      </form>
      {funnel.isPending && <Loading label={w.loading} />}
      {funnel.isError && <ErrorPanel title={w.failed} error={funnel.error} onRetry={() => void funnel.refetch()} />}
      {data && (
        <>
          <FunnelTotals data={data} />
          <figure className="card chart-card">
            <figcaption>
              <h2>{w.perHeading(w.per[by])}</h2>
              <p className="muted">
                <span className="legend legend-visitors">{w.visitors}</span> <span className="legend legend-signups">{w.signups}</span>{' '}
                <span className="legend legend-confirmed">{w.confirmed}</span>
              </p>
            </figcaption>
            {data.rows.length === 0 ? <p className="muted">{w.nothing}</p> : <FunnelChart data={data} />}
          </figure>
          <FunnelTable data={data} by={by} />
        </>
      )}
    </AdminPage>
  );
}

/** The period's visitors, sign-ups and confirmations, each with its rate of the step before. */
function FunnelTotals({ data }: { data: AdminFunnel }) {
  const { words, format } = useConsoleLanguage();
  const w = words.funnel;
  const n = format.number;
  return (
    <ul className="stat-grid" aria-label={w.totals}>
      <StatCard label={w.visitors} value={n(data.totals.visitors)} note={w.views(n(data.totals.views))} />
      <StatCard label={w.signups} value={n(data.totals.signups)} note={w.ofVisitors(rate(data.totals.signups, data.totals.visitors))} />
      <StatCard label={w.confirmed} value={n(data.totals.confirmed)} note={w.ofSignups(rate(data.totals.confirmed, data.totals.signups))} />
    </ul>
  );
}

/** The funnel per day, source, campaign or landing page, as a table. */
function FunnelTable({ data, by }: { data: AdminFunnel; by: FunnelDimension }) {
  const { words, format } = useConsoleLanguage();
  const w = words.funnel;
  const n = format.number;
  return (
    <div className="card table-card">
      <DataTable
        caption={w.caption(w.per[by])}
        header={
          <>
            <th scope="col">{w.dimensions[by]}</th>
            <th scope="col" className="num">
              {w.visitors}
            </th>
            <th scope="col" className="num">
              {w.pageViews}
            </th>
            <th scope="col" className="num">
              {w.signups}
            </th>
            <th scope="col" className="num">
              {w.visitorToSignup}
            </th>
            <th scope="col" className="num">
              {w.confirmed}
            </th>
            <th scope="col" className="num">
              {w.signupToConfirmed}
            </th>
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className="break">
              {r.key}
            </th>
            <td className="num">{n(r.visitors)}</td>
            <td className="num">{n(r.views)}</td>
            <td className="num">{n(r.signups)}</td>
            <td className="num">{rate(r.signups, r.visitors)}</td>
            <td className="num">{n(r.confirmed)}</td>

            <td className="num">{rate(r.confirmed, r.signups)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

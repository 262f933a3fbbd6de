import { useState } from 'react';
import type { FunnelView } from '../app/view-address';
import type { AdminFunnel, FunnelDimension } from '@waitlist/contract';
import { useFunnel } from '../api/insight';
import { DateField, SelectField } from '../components/fields';
import { DataTable, AdminPage, ErrorPanel, Loading, formatNumber } from '../components/console-ui';

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const BY_LABELS: Record<FunnelDimension, string> = {
  day: 'Day',
  source: 'Source (utm_source)',
  campaign: 'Campaign (utm_campaign)',
  landing_path: 'Landing page',
};
const rate = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`);

/** Visitors, sign-ups and confirmed as three bars per row, in plain SVG (no chart library on this page). */
function FunnelChart({ data }: { data: AdminFunnel }) {
  const rows = data.rows.slice(0, 30);
  const max = Math.max(1, ...rows.map((r) => Math.max(r.visitors, r.signups)));
  const rowHeight = 30;
  const labelWidth = 150;
  const width = 720;
  const bar = (value: number) => Math.max(value > 0 ? 2 : 0, ((width - labelWidth - 60) * value) / max);
  return (
    <svg className="funnel-chart" viewBox={`0 0 ${width} ${rows.length * rowHeight + 10}`} role="img" aria-labelledby="funnel-chart-title">
      <title id="funnel-chart-title">
        Visitors, sign-ups and confirmed per {BY_LABELS[data.by].toLowerCase()}; the same figures are in the table below.
      </title>
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
    <AdminPage
      titleId="funnel-title"
      title="Funnel"
      summary={'Visitors are counted without cookies: distinct visitors per day (see the privacy policy).'}
    >
      <form className="filters card" aria-label="Period and grouping" onSubmit={(e) => e.preventDefault()}>
        <DateField label="From" value={from} max={to} onChange={(v) => v && setFrom(v)} />
        <DateField label="To" value={to} min={from} onChange={(v) => v && setTo(v)} />
        <SelectField
          compact
          label="Per"
          options={Object.keys(BY_LABELS) as FunnelDimension[]}
          labels={BY_LABELS}
          value={by}
          onValue={(next) => next && setBy(next)}
        />
      </form>
      {funnel.isPending && <Loading label="Loading the funnel…" />}
      {funnel.isError && <ErrorPanel title="The funnel could not be loaded" error={funnel.error} onRetry={() => void funnel.refetch()} />}
      {data && (
        <>
          <ul className="stat-grid" aria-label="Totals for the period">
            <li className="card stat">
              <span className="stat-label">Visitors</span>
              <span className="stat-value">{formatNumber(data.totals.visitors)}</span>
              <span className="muted">{formatNumber(data.totals.views)} page views</span>
            </li>
            <li className="card stat">
              <span className="stat-label">Sign-ups</span>
              <span className="stat-value">{formatNumber(data.totals.signups)}</span>
              <span className="muted">{rate(data.totals.signups, data.totals.visitors)} of visitors</span>
            </li>
            <li className="card stat">
              <span className="stat-label">Confirmed</span>
              <span className="stat-value">{formatNumber(data.totals.confirmed)}</span>
              <span className="muted">{rate(data.totals.confirmed, data.totals.signups)} of sign-ups</span>
            </li>
          </ul>
          <figure className="card chart-card">
            <figcaption>
              <h2>Per {BY_LABELS[by].toLowerCase()}</h2>
              <p className="muted">
                <span className="legend legend-visitors">Visitors</span> <span className="legend legend-signups">Sign-ups</span>{' '}
                <span className="legend legend-confirmed">Confirmed</span>
              </p>
            </figcaption>
            {data.rows.length === 0 ? <p className="muted">Nothing in this period yet.</p> : <FunnelChart data={data} />}
          </figure>
          <div className="card table-card">
            <DataTable
              caption={`The funnel per ${BY_LABELS[by].toLowerCase()}, in numbers`}
              header={
                <>
                  <th scope="col">{BY_LABELS[by]}</th>
                  <th scope="col" className="num">
                    Visitors
                  </th>
                  <th scope="col" className="num">
                    Page views
                  </th>
                  <th scope="col" className="num">
                    Sign-ups
                  </th>
                  <th scope="col" className="num">
                    Visitor → sign-up
                  </th>
                  <th scope="col" className="num">
                    Confirmed
                  </th>
                  <th scope="col" className="num">
                    Sign-up → confirmed
                  </th>
                </>
              }
            >
              {data.rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className="break">
                    {r.key}
                  </th>
                  <td className="num">{formatNumber(r.visitors)}</td>
                  <td className="num">{formatNumber(r.views)}</td>
                  <td className="num">{formatNumber(r.signups)}</td>
                  <td className="num">{rate(r.signups, r.visitors)}</td>
                  <td className="num">{formatNumber(r.confirmed)}</td>
                  <td className="num">{rate(r.confirmed, r.signups)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
    </AdminPage>
  );
}

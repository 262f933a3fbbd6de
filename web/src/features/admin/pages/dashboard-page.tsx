import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { UNKNOWN_ANSWER_LABEL, answerLabel, type AdminCount } from '@waitlist/contract';
import { useFitSpread, useStats } from '../api/insight';
import { ErrorPanel, Loading, formatNumber } from '../components/console-ui';
import { BackupNotice } from './backup-notice';

const COLOR = '#4338ca';
const GRID = '#e5e7eb';
const AXIS = '#4b5563';
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** A chart with its numbers as a table for screen readers and anyone who prefers figures. */
function ChartCard({ title, summary, rows, children }: { title: string; summary: string; rows: AdminCount[]; children: React.ReactNode }) {
  return (
    <figure className="card chart-card">
      <figcaption>
        <h2>{title}</h2>
        <p className="muted">{summary}</p>
      </figcaption>
      <div className="chart" aria-hidden="true">
        {children}
      </div>
      <details className="chart-data">
        <summary>Show the numbers</summary>
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">{title.split(' by ')[1] ?? 'Day'}</th>
              <th scope="col" className="num">
                Sign-ups
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <td>{r.label}</td>
                <td className="num">{formatNumber(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function HorizontalBars({ rows }: { rows: AdminCount[] }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(200, rows.length * 34 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis type="number" allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
        <YAxis type="category" dataKey="label" width={230} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} interval={0} />
        <Tooltip cursor={{ fill: '#eef2ff' }} />
        <Bar dataKey="count" name="Sign-ups" fill={COLOR} radius={[0, 4, 4, 0]} maxBarSize={22} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The most common answer (an answer not known never is). */
const top = (rows: AdminCount[]) => rows.filter((r) => r.label !== UNKNOWN_ANSWER_LABEL).sort((a, b) => b.count - a.count)[0];

/** How the people on the list spread over the fit score (issue 36): where the short list comes from. */
function FitSpreadCard() {
  const spread = useFitSpread();
  if (!spread.data) return null;
  const rows = spread.data.bands;
  const good = rows.filter((r) => Number(r.label.split('-')[0]) >= 60).reduce((n, r) => n + r.count, 0);
  return (
    <ChartCard title="Sign-ups by fit score" summary={`${formatNumber(good)} people on the list score 60 or more`} rows={rows}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} interval={0} />
          <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
          <Tooltip cursor={{ fill: '#eef2ff' }} />
          <Bar dataKey="count" name="Sign-ups" fill={COLOR} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DashboardPage() {
  const stats = useStats();

  if (stats.isPending) return <Loading label="Loading the figures…" />;
  if (stats.isError) return <ErrorPanel title="The figures could not be loaded" error={stats.error} onRetry={() => void stats.refetch()} />;
  // The people imported without an answer show as such, and are never "most common".
  const named = (rows: AdminCount[]) => rows.map((r) => ({ ...r, label: answerLabel(r.label) }));
  const s = {
    ...stats.data,
    by_role: named(stats.data.by_role),
    by_company_size: named(stats.data.by_company_size),
    by_outcome: named(stats.data.by_outcome),
  };
  const perDay = s.per_day.map((d) => ({ label: d.day, count: d.count }));
  const topRole = top(s.by_role);
  const topOutcome = top(s.by_outcome);
  const describe = (rows: AdminCount[]) => {
    const best = top(rows);
    return best && best.count > 0 ? `Most common: ${best.label} (${formatNumber(best.count)})` : 'No sign-ups yet';
  };

  return (
    <section className="stack-lg" aria-labelledby="dashboard-title">
      <div className="page-header">
        <div>
          <h1 id="dashboard-title">Dashboard</h1>
          <p className="muted">
            Who is joining the waitlist, and what they hope for. People who have since erased their data still count here, without their
            data.
          </p>
          <BackupNotice />
        </div>
      </div>

      <ul className="stat-grid" aria-label="Key figures">
        <li className="card stat">
          <span className="stat-label">Total sign-ups</span>
          <span className="stat-value">{formatNumber(s.total)}</span>
        </li>
        <li className="card stat">
          <span className="stat-label">Last 7 days</span>
          <span className="stat-value">{formatNumber(s.last_7_days)}</span>
        </li>
        <li className="card stat">
          <span className="stat-label">Last 30 days</span>
          <span className="stat-value">{formatNumber(s.last_30_days)}</span>
        </li>
        <li className="card stat">
          <span className="stat-label">Top outcome</span>
          <span className="stat-value stat-text">{topOutcome && topOutcome.count > 0 ? topOutcome.label : '—'}</span>
        </li>
      </ul>

      {s.total === 0 ? (
        <div className="card empty-state">
          <h2>No sign-ups yet</h2>
          <p className="muted">The charts fill in as visitors join the waitlist.</p>
        </div>
      ) : (
        <>
          <ChartCard
            title="Sign-ups per day"
            summary={`Last ${s.per_day.length} days (UTC): ${formatNumber(s.per_day.reduce((n, d) => n + d.count, 0))} sign-ups`}
            rows={perDay.filter((d) => d.count > 0)}
          >
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={perDay} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} barCategoryGap={1} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke={GRID} />
                <XAxis dataKey="label" tickFormatter={dayLabel} minTickGap={32} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
                <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
                <Tooltip cursor={{ fill: '#eef2ff' }} labelFormatter={(label) => dayLabel(String(label))} />
                <Bar dataKey="count" name="Sign-ups" fill={COLOR} radius={[2, 2, 0, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <div className="chart-grid">
            <ChartCard title="Sign-ups by role" summary={topRole && topRole.count > 0 ? describe(s.by_role) : ''} rows={s.by_role}>
              <HorizontalBars rows={s.by_role} />
            </ChartCard>
            <ChartCard title="Sign-ups by company size" summary={describe(s.by_company_size)} rows={s.by_company_size}>
              <ResponsiveContainer width="100%" height={300}>
                <BarChart
                  data={s.by_company_size.map((r) => ({ ...r, short: r.label.replace(' employees', '') }))}
                  margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid vertical={false} stroke={GRID} />
                  <XAxis dataKey="short" tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} interval={0} />
                  <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
                  <Tooltip cursor={{ fill: '#eef2ff' }} />
                  <Bar dataKey="count" name="Sign-ups" fill={COLOR} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </ChartCard>
          </div>
          <ChartCard
            title="Sign-ups by desired outcome"
            summary={`${describe(s.by_outcome)}. A person can choose several.`}
            rows={s.by_outcome}
          >
            <HorizontalBars rows={s.by_outcome} />
          </ChartCard>
          <FitSpreadCard />
        </>
      )}
    </section>
  );
}

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { UNKNOWN_ANSWER, type AdminCount, type AdminStats } from '@waitlist/contract';
import { useFitSpread, useStats } from '../api/insight';
import { ErrorPanel, Loading, StatCard, useAnswerLabel } from '../components/console-ui';
import { useConsoleLanguage, useConsoleWords } from '../app/console-language';
import { BackupNotice } from './backup-notice';

const COLOR = '#4338ca';
const GRID = '#e5e7eb';
const AXIS = '#4b5563';
/** "12 Mar" (en), "12 mars" (sv): a day on the chart's axis, in the console's language. */
const dayLabelIn = (locale: string) => {
  const shortDay = new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
};

/** A chart with its numbers as a table for screen readers and anyone who prefers figures. */
function ChartCard({
  title,
  column,
  summary,
  rows,
  children,
}: {
  title: string;
  /** What the table's first column holds ("Role", "Day"). */
  column: string;
  summary: string;
  rows: AdminCount[];
  children: React.ReactNode;
}) {
  const { words, format } = useConsoleLanguage();
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
        <summary>{words.dashboard.showNumbers}</summary>
        <table className="data-table compact">
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" className="num">
                {words.dashboard.signups}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <td>{r.label}</td>
                <td className="num">{format.number(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function HorizontalBars({ rows }: { rows: AdminCount[] }) {
  const words = useConsoleWords();
  return (
    <ResponsiveContainer width="100%" height={Math.max(200, rows.length * 34 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis type="number" allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
        <YAxis type="category" dataKey="label" width={230} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} interval={0} />
        <Tooltip cursor={{ fill: '#eef2ff' }} />
        <Bar dataKey="count" name={words.dashboard.signups} fill={COLOR} radius={[0, 4, 4, 0]} maxBarSize={22} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The most common answer (an answer not known never is). */
const top = (rows: AdminCount[]) => rows.filter((r) => r.label !== UNKNOWN_ANSWER).sort((a, b) => b.count - a.count)[0];

/** How the people on the list spread over the fit score (issue 36): where the short list comes from. */
function FitSpreadCard() {
  const { words, format } = useConsoleLanguage();
  const w = words.dashboard;
  const spread = useFitSpread();
  if (!spread.data) return null;
  const rows = spread.data.bands;
  const good = rows.filter((r) => Number(r.label.split('-')[0]) >= 60).reduce((n, r) => n + r.count, 0);
  return (
    <ChartCard title={w.byFit} column={w.fit} summary={w.good(format.number(good))} rows={rows}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} interval={0} />
          <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
          <Tooltip cursor={{ fill: '#eef2ff' }} />
          <Bar dataKey="count" name={w.signups} fill={COLOR} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DashboardPage() {
  const { words, format } = useConsoleLanguage();
  const w = words.dashboard;
  const n = format.number;
  const answer = useAnswerLabel();
  const stats = useStats();

  if (stats.isPending) return <Loading label={w.loading} />;
  if (stats.isError) return <ErrorPanel title={w.failed} error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const topRole = top(s.by_role);
  const topOutcome = top(s.by_outcome);
  // The people imported without an answer show as such, and are never "most common".
  const named = (rows: AdminCount[]) => rows.map((r) => ({ ...r, label: answer(r.label) }));
  const describe = (rows: AdminCount[]) => {
    const best = top(rows);
    return best && best.count > 0 ? w.mostCommon(answer(best.label), n(best.count)) : w.noneYet;
  };

  return (
    <section className="stack-lg" aria-labelledby="dashboard-title">
      <div className="page-header">
        <div>
          <h1 id="dashboard-title">{words.screens.dashboard}</h1>
          <p className="muted">{w.intro}</p>
          <BackupNotice />
        </div>
      </div>

      <KeyFigures stats={s} topOutcome={topOutcome && topOutcome.count > 0 ? topOutcome.label : null} />

      {s.total === 0 ? (
        <div className="card empty-state">
          <h2>{w.noneYet}</h2>
          <p className="muted">{w.fillIn}</p>
        </div>
      ) : (
        <>
          <PerDayChart stats={s} />
          <div className="chart-grid">
            <ChartCard
              title={w.byRole}
              column={w.role}
              summary={topRole && topRole.count > 0 ? describe(s.by_role) : ''}
              rows={named(s.by_role)}
            >
              <HorizontalBars rows={named(s.by_role)} />
            </ChartCard>
            <ChartCard title={w.bySize} column={w.size} summary={describe(s.by_company_size)} rows={named(s.by_company_size)}>
              <ResponsiveContainer width="100%" height={300}>
                <BarChart
                  data={named(s.by_company_size).map((r) => ({ ...r, short: r.label.replace(' employees', '') }))}
                  margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid vertical={false} stroke={GRID} />
                  <XAxis dataKey="short" tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} interval={0} />
                  <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
                  <Tooltip cursor={{ fill: '#eef2ff' }} />
                  <Bar dataKey="count" name={w.signups} fill={COLOR} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </ChartCard>
          </div>
          <ChartCard title={w.byOutcome} column={w.outcome} summary={w.several(describe(s.by_outcome))} rows={named(s.by_outcome)}>
            <HorizontalBars rows={named(s.by_outcome)} />
          </ChartCard>
          <FitSpreadCard />
        </>
      )}
    </section>
  );
}

/** The four figures at the top: everyone, the last week, the last month, and the outcome most of them want. */
function KeyFigures({ stats: s, topOutcome }: { stats: AdminStats; topOutcome: string | null }) {
  const { words, format } = useConsoleLanguage();
  const w = words.dashboard;
  const n = format.number;
  return (
    <ul className="stat-grid" aria-label={w.keyFigures}>
      <StatCard label={w.total} value={n(s.total)} />
      <StatCard label={w.last7} value={n(s.last_7_days)} />
      <StatCard label={w.last30} value={n(s.last_30_days)} />
      <StatCard label={w.topOutcome} value={topOutcome ?? '—'} text />
    </ul>
  );
}

/** Sign-ups a day over the last 90 days (the table beside it lists the days with any). */
function PerDayChart({ stats: s }: { stats: AdminStats }) {
  const { words, format, locale } = useConsoleLanguage();
  const w = words.dashboard;
  const n = format.number;
  const dayLabel = dayLabelIn(locale);
  const perDay = s.per_day.map((d) => ({ label: d.day, count: d.count }));
  return (
    <ChartCard
      title={w.perDay}
      column={w.day}
      summary={w.perDaySummary(s.per_day.length, n(s.per_day.reduce((sum, d) => sum + d.count, 0)))}
      rows={perDay.filter((d) => d.count > 0)}
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={perDay} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} barCategoryGap={1} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={GRID} />
          <XAxis dataKey="label" tickFormatter={dayLabel} minTickGap={32} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
          <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} stroke={GRID} />
          <Tooltip cursor={{ fill: '#eef2ff' }} labelFormatter={(label) => dayLabel(String(label))} />
          <Bar dataKey="count" name={w.signups} fill={COLOR} radius={[2, 2, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

import type { ReactNode } from 'react';
import { useConsoleWords } from '../app/console-language';
import { DataTable, ErrorPanel, Loading, type TableHeader } from './console-ui';

/** What a list panel needs of its query (a TanStack Query result). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A list read from the console's API, in one shape on every screen: while loading, a status; on failure, the error
 * with a way to try again; with nothing in it, a sentence saying so; otherwise the table, with whatever follows it
 * (a pager, a second table) in the same card.
 */
export function ListPanel<T>({
  query,
  items,
  what,
  empty,
  caption,
  header,
  row,
  after,
}: {
  query: ListQuery;
  items: readonly T[] | undefined;
  /** What the list holds, as a person says it with its article: "the waves", "the audit trail". */
  what: string;
  empty: ReactNode;
  caption: ReactNode;
  /** The column names (or the head cells themselves). */
  header: TableHeader;
  /** One row of the table (a <tr>). */
  row: (item: T) => ReactNode;
  after?: ReactNode;
}) {
  const words = useConsoleWords();
  if (query.isPending) return <Loading label={words.common.loadingList(what)} />;
  if (query.isError) {
    const error = query.error ?? new Error(words.common.unknownError);
    return <ErrorPanel title={words.common.listFailed(what)} error={error} onRetry={() => void query.refetch()} />;
  }
  if (!items || items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <div className="card table-card stack">
      <DataTable caption={caption} header={header}>
        {items.map(row)}
      </DataTable>
      {after}
    </div>
  );
}

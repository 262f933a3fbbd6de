import type { ColumnType } from 'kysely';

/** Timestamps come back as Date from pg and as ISO text from SQLite; the dialect adapter normalises them. */
export type Timestamp = ColumnType<Date | string, string | undefined, string>;

export type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

export type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

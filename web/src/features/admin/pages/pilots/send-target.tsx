import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useConsoleWords } from '../../app/console-language';
import { useSegments } from '../../api/segments';
import { useConsoleState } from '../../app/console-state';
import type { SendView } from '../../app/view-address';
import { SelectField } from '../../components/fields';
import { describeFilter, segmentOf, targetOfFilter, targetOfSegment, type SendTarget } from './segment-summary';

const FILTER = 'filter';

/**
 * Who a wave or an update goes to, as the page's address says (issue 48 items 1 and 2): a saved segment
 * (`?segment=3`) or the filters in the address (`?role=…&min_score=60`; none: everyone on the list). Opened without
 * either, the page takes the Sign-ups list's last filters into its address, so what it will send to is on screen
 * and a reload or a link keeps it.
 */
export function useSendTarget(from: '/pilots/waves' | '/pilots/updates', view: SendView): SendTarget | null {
  const { lastListView } = useConsoleState();
  const words = useConsoleWords();
  const navigate = useNavigate({ from });
  const segments = useSegments();
  const { segment: segmentId, ...filter } = view;
  const blank = segmentId === undefined && Object.keys(filter).length === 0;
  const remembered = segmentOf({ ...lastListView, sort: '-created_at' });
  const takeRemembered = blank && Object.keys(remembered).length > 0;
  useEffect(() => {
    if (takeRemembered) void navigate({ search: remembered, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page opens without a target
  }, [takeRemembered]);
  if (segmentId === undefined) return targetOfFilter(filter, words);
  const segment = segments.data?.items.find((s) => s.id === segmentId);
  return segment ? targetOfSegment(segment, words) : null;
}

/** The choice between the address's filters and the saved segments; changing it changes the address. */
export function SendTargetPicker({ from, view }: { from: '/pilots/waves' | '/pilots/updates'; view: SendView }) {
  const { lastListView } = useConsoleState();
  const words = useConsoleWords();
  const navigate = useNavigate({ from });
  const segments = useSegments();
  const saved = segments.data?.items ?? [];
  const { segment: segmentId, ...filter } = view;
  const listFilter = segmentId === undefined ? filter : segmentOf({ ...lastListView, sort: '-created_at' });
  const missing = segmentId !== undefined && segments.isSuccess && !saved.some((s) => s.id === segmentId);
  return (
    <div className="card stack">
      <SelectField
        label={words.send.to}
        options={[FILTER, ...saved.map((s) => String(s.id))]}
        labels={{
          [FILTER]: words.send.filterOption(describeFilter(listFilter, words)),
          ...Object.fromEntries(saved.map((s) => [String(s.id), words.send.segmentOption(s.name)])),
        }}
        value={segmentId === undefined ? FILTER : String(segmentId)}
        onValue={(value) => void navigate({ search: !value || value === FILTER ? listFilter : { segment: Number(value) } })}
      />
      {missing && (
        <p className="inline-error" role="alert">
          {words.send.missing}
        </p>
      )}
    </div>
  );
}

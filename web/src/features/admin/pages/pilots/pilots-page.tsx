import { useState } from 'react';
import type { AdminFilters } from '@waitlist/contract';
import { useSegments } from '../../api/segments';
import { SelectField } from '../../components/fields';
import { AdminPage } from '../../components/console-ui';
import { CampaignsPanel } from './campaigns-panel';
import { PartnerCodesPanel } from './partner-codes-panel';
import { segmentOf, targetOfFilter, targetOfSegment } from './segment-summary';
import { WavesPanel } from './waves-panel';
import { FitWeightsPanel } from './fit-weights-panel';
import { ShortListPanel, UpcomingCallsPanel } from './short-list-panel';
import { QuestionsPanel } from './questions-panel';
import { DocumentRequestsPanel } from './document-requests-panel';

/**
 * From the list to pilots: invitation waves and updates to the list, each sent to the Sign-ups screen's current filter
 * or to a saved segment (chosen once for both, and kept by each send in words), and partner codes.
 */
export function PilotsPage({ filters, operator }: { filters: AdminFilters; operator: string }) {
  const segments = useSegments();
  const saved = segments.data?.items ?? [];
  const [chosen, setChosen] = useState('');
  const segment = saved.find((s) => String(s.id) === chosen);
  const target = segment ? targetOfSegment(segment) : targetOfFilter(segmentOf(filters));
  return (
    <AdminPage
      titleId="pilots-title"
      title="Pilots"
      summary="Decide who comes first (the short list, the calls booked and the buyers asking for our security documents), invite people to the pilot, write to the list (both go to the Sign-ups filter or a saved segment), and make codes for partners."
    >
      <ShortListPanel />
      <UpcomingCallsPanel />
      <DocumentRequestsPanel />
      <div className="card">
        <SelectField
          label="Waves and updates go to"
          options={['', ...saved.map((s) => String(s.id))]}
          labels={{ '': 'The Sign-ups filter', ...Object.fromEntries(saved.map((s) => [String(s.id), `The segment “${s.name}”`])) }}
          value={chosen}
          onValue={(value) => setChosen(value ?? '')}
        />
      </div>
      <WavesPanel target={target} />
      <CampaignsPanel target={target} operator={operator} />
      <FitWeightsPanel />
      <QuestionsPanel />
      <PartnerCodesPanel />
    </AdminPage>
  );
}

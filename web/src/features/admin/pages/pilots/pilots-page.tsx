import type { AdminFilters } from '@waitlist/contract';
import { AdminPage } from '../../components/console-ui';
import { CampaignsPanel } from './campaigns-panel';
import { PartnerCodesPanel } from './partner-codes-panel';
import { segmentOf } from './segment-summary';
import { WavesPanel } from './waves-panel';
import { FitWeightsPanel } from './fit-weights-panel';
import { ShortListPanel, UpcomingCallsPanel } from './short-list-panel';
import { QuestionsPanel } from './questions-panel';
import { DocumentRequestsPanel } from './document-requests-panel';

/** From the list to pilots: invitation waves and updates to the list (both for the Sign-ups screen's current filter), and partner codes. */
export function PilotsPage({ filters, operator }: { filters: AdminFilters; operator: string }) {
  const segment = segmentOf(filters);
  return (
    <AdminPage
      titleId="pilots-title"
      title="Pilots"
      summary="Decide who comes first (the short list, the calls booked and the buyers asking for our security documents), invite people to the pilot, write to the list (both go to the people of the Sign-ups filter), and make codes for partners."
    >
      <ShortListPanel />
      <UpcomingCallsPanel />
      <DocumentRequestsPanel />
      <WavesPanel segment={segment} />
      <CampaignsPanel segment={segment} operator={operator} />
      <FitWeightsPanel />
      <QuestionsPanel />
      <PartnerCodesPanel />
    </AdminPage>
  );
}

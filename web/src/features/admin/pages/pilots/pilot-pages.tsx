import type { SendView } from '../../app/view-address';
import { AdminPage, Loading } from '../../components/console-ui';
import { CampaignsPanel } from './campaigns-panel';
import { DocumentRequestsPanel } from './document-requests-panel';
import { FitWeightsPanel } from './fit-weights-panel';
import { PartnerCodesPanel } from './partner-codes-panel';
import { QuestionsPanel } from './questions-panel';
import { SendTargetPicker, useSendTarget } from './send-target';
import { ShortListPanel, UpcomingCallsPanel } from './short-list-panel';
import { WavesPanel } from './waves-panel';
import { useConsoleWords } from '../../app/console-language';

/**
 * From the list to pilots, one page per job (issue 48 item 3), each at its own address under /admin/pilots/: who
 * comes first and the waves that invite them; updates to the list; partner codes; the questions and the fit
 * weights; the calls booked and the buyers' document requests.
 */
export function WavesPage({ view }: { view: SendView }) {
  const words = useConsoleWords();
  const target = useSendTarget('/pilots/waves', view);
  return (
    <AdminPage titleId="waves-title" title={words.screens.waves} summary={words.pilots.wavesSummary}>
      <ShortListPanel />
      <SendTargetPicker from="/pilots/waves" view={view} />
      {target ? <WavesPanel target={target} /> : <Loading label={words.pilots.loadingSegment} />}
    </AdminPage>
  );
}

export function UpdatesPage({ view, operator }: { view: SendView; operator: string }) {
  const words = useConsoleWords();
  const target = useSendTarget('/pilots/updates', view);
  return (
    <AdminPage titleId="updates-title" title={words.screens.updates} summary={words.pilots.updatesSummary}>
      <SendTargetPicker from="/pilots/updates" view={view} />
      {target ? <CampaignsPanel target={target} operator={operator} /> : <Loading label={words.pilots.loadingSegment} />}
    </AdminPage>
  );
}

export function PartnerCodesPage() {
  const words = useConsoleWords();
  return (
    <AdminPage titleId="codes-title" title={words.screens.codes} summary={words.pilots.codesSummary}>
      <PartnerCodesPanel />
    </AdminPage>
  );
}

export function QuestionsPage() {
  const words = useConsoleWords();
  return (
    <AdminPage titleId="questions-title" title={words.screens.questions} summary={words.pilots.questionsSummary}>
      <QuestionsPanel />
      <FitWeightsPanel />
    </AdminPage>
  );
}

export function CallsPage() {
  const words = useConsoleWords();
  return (
    <AdminPage titleId="calls-title" title={words.screens.calls} summary={words.pilots.callsSummary}>
      <UpcomingCallsPanel />
      <DocumentRequestsPanel />
    </AdminPage>
  );
}

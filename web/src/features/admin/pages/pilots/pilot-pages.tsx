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

/**
 * From the list to pilots, one page per job (issue 48 item 3), each at its own address under /admin/pilots/: who
 * comes first and the waves that invite them; updates to the list; partner codes; the questions and the fit
 * weights; the calls booked and the buyers' document requests.
 */
export function WavesPage({ view }: { view: SendView }) {
  const target = useSendTarget('/pilots/waves', view);
  return (
    <AdminPage
      titleId="waves-title"
      title="Waves and the short list"
      summary="Decide who comes first, then invite them to the pilot in waves: to the Sign-ups filter or to a saved segment."
    >
      <ShortListPanel />
      <SendTargetPicker from="/pilots/waves" view={view} />
      {target ? <WavesPanel target={target} /> : <Loading label="Loading the segment…" />}
    </AdminPage>
  );
}

export function UpdatesPage({ view, operator }: { view: SendView; operator: string }) {
  const target = useSendTarget('/pilots/updates', view);
  return (
    <AdminPage
      titleId="updates-title"
      title="Updates to the list"
      summary="Write to the people on the list: to the Sign-ups filter or to a saved segment, previewed before it goes."
    >
      <SendTargetPicker from="/pilots/updates" view={view} />
      {target ? <CampaignsPanel target={target} operator={operator} /> : <Loading label="Loading the segment…" />}
    </AdminPage>
  );
}

export function PartnerCodesPage() {
  return (
    <AdminPage
      titleId="codes-title"
      title="Partner codes"
      summary="Codes for partners to hand on: who came through which, and how many are left."
    >
      <PartnerCodesPanel />
    </AdminPage>
  );
}

export function QuestionsPage() {
  return (
    <AdminPage
      titleId="questions-title"
      title="Questions and fit"
      summary="The questions the confirmation page asks, and the weights that turn the answers into a fit score."
    >
      <QuestionsPanel />
      <FitWeightsPanel />
    </AdminPage>
  );
}

export function CallsPage() {
  return (
    <AdminPage
      titleId="calls-title"
      title="Calls and document requests"
      summary="The calls people booked, and the buyers asking for our security documents."
    >
      <UpcomingCallsPanel />
      <DocumentRequestsPanel />
    </AdminPage>
  );
}

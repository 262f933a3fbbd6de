import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import type { AdminSessionInfo } from '@waitlist/contract';
import type { Notice } from '../components/console-ui';
import type { ListView } from './view-address';

/**
 * What the console remembers for the tab it runs in, beside what the address holds: the notice a screen raised (it
 * belongs to the screen's address and goes when the operator moves on), the address search typed into the list (kept
 * out of the address: it holds part of an e-mail address), and the list's last view (what the Pilots screens offer to
 * send to, and where a person's page leads back).
 */
interface ConsoleState {
  notice: Notice | null;
  /** Shows a notice on the screen at `path` (the current one unless given); null clears it. */
  setNotice: (notice: Notice | null, path?: string) => void;
  addressSearch: string;
  setAddressSearch: (q: string) => void;
  lastListView: ListView;
  setLastListView: (view: ListView) => void;
}

const Context = createContext<ConsoleState | null>(null);

export function ConsoleStateProvider({ children }: { children: ReactNode }) {
  const path = useRouterState({ select: (state) => state.location.pathname });
  const [raised, setRaised] = useState<{ notice: Notice; on: string } | null>(null);
  const [addressSearch, setAddressSearch] = useState('');
  const [lastListView, setLastListView] = useState<ListView>({});
  const state = useMemo<ConsoleState>(
    () => ({
      notice: raised && raised.on === path ? raised.notice : null,
      setNotice: (notice, on = path) => setRaised(notice ? { notice, on } : null),
      addressSearch,
      setAddressSearch,
      lastListView,
      setLastListView,
    }),
    [raised, path, addressSearch, lastListView],
  );
  return <Context.Provider value={state}>{children}</Context.Provider>;
}

export function useConsoleState(): ConsoleState {
  const state = useContext(Context);
  if (!state) throw new Error('useConsoleState outside the console');
  return state;
}

/** The notice setter a screen hands its panels: shows on this screen. */
export const useOnNotice = () => {
  const { setNotice } = useConsoleState();
  return (notice: Notice) => setNotice(notice);
};

/**
 * The signed-in session, for the screens: given by the console's frame, which shows them only while there is one, so a
 * screen never sees the moment the session's query is asked again (a reset after a 401 or a sign-out has no data).
 */
export const SignedInSession = createContext<AdminSessionInfo | null>(null);

export function useSignedIn(): AdminSessionInfo {
  const session = useContext(SignedInSession);
  if (!session) throw new Error('useSignedIn outside a signed-in console');
  return session;
}

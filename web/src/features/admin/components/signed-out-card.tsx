import type { ReactNode } from 'react';

/** The page of a visitor who is not signed in yet (signing in, joining the team): the console's mark, a card. */
export function SignedOutCard({ children }: { children: ReactNode }) {
  return (
    <div className="signin-layout">
      <main className="signin-card card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            W
          </span>
          Waitlist console
        </div>
        {children}
      </main>
    </div>
  );
}

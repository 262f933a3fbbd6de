import type { ReactNode } from 'react';
import { useConsoleWords } from '../app/console-language';
import { LanguageSwitch } from '../app/language-switch';

/** The page of a visitor who is not signed in yet (signing in, joining the team): the console's mark, a card. */
export function SignedOutCard({ children }: { children: ReactNode }) {
  const words = useConsoleWords();
  return (
    <div className="signin-layout">
      <main className="signin-card card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            W
          </span>
          {words.brand}
        </div>
        <LanguageSwitch />
        {children}
      </main>
    </div>
  );
}

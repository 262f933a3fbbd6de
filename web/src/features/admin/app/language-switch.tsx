import { useEffect } from 'react';
import { CONSOLE_LOCALES, type ConsoleLocale } from '@waitlist/catalogue/console';
import { useAccountLanguage, useSaveLanguage } from '../api/session';
import { useConsoleLanguage } from './console-language';

/**
 * The console's language, chosen by the operator: each language named in its own words (and marked with its `lang`,
 * so a screen reader says "Svenska" as Swedish), the one in use pressed. `keep`: the choice is also saved with the
 * signed-in operator's account.
 */
export function LanguageSwitch({ keep }: { keep?: (locale: ConsoleLocale) => void }) {
  const { locale, words, choose } = useConsoleLanguage();
  return (
    <div className="language-switch" role="group" aria-label={words.lang.choose}>
      {CONSOLE_LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          className="link-button"
          lang={option}
          aria-pressed={option === locale}
          onClick={() => {
            choose(option);
            if (option !== locale) keep?.(option);
          }}
        >
          {words.lang[option]}
        </button>
      ))}
    </div>
  );
}

/** The signed-in operator's switch: what they choose follows them to another browser (PUT /account/language). */
export function AccountLanguageSwitch() {
  const save = useSaveLanguage();
  return <LanguageSwitch keep={(locale) => save.mutate(locale)} />;
}

/** Once signed in, the console speaks the language the operator chose before, on any browser. */
export function useAccountLanguageChoice() {
  const stored = useAccountLanguage().data?.locale ?? null;
  const { choose } = useConsoleLanguage();
  useEffect(() => {
    if (stored) choose(stored);
  }, [stored, choose]);
}

import { CONSOLE_LOCALES } from '@waitlist/catalogue/console';
import { useConsoleLanguage } from './console-language';

/**
 * The console's language, chosen by the operator: each language named in its own words (and marked with its `lang`,
 * so a screen reader says "Svenska" as Swedish), the one in use pressed.
 */
export function LanguageSwitch() {
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
          onClick={() => choose(option)}
        >
          {words.lang[option]}
        </button>
      ))}
    </div>
  );
}

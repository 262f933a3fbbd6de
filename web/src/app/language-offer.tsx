import { SITE_LOCALES } from '@waitlist/contract/locales';
import { useLocale } from '../lib/locale';
import { siteCopy } from '../config/site';
import { LANGUAGE_OFFER_ATTRIBUTE } from './page-markers';
import { pageInLanguage } from './site-header';
import { LANGUAGE_SWITCH_ATTRIBUTE } from './page-markers';

/**
 * The offer of this page in another language, in that language, hidden in the HTML. The first-view script
 * (lib/language-offer.ts) shows it only to a visitor whose browser prefers that language and who arrived from
 * outside the site; "No thanks" hides it. No redirect, no cookie, nothing stored: the URL decides the language.
 * It floats over the page (fixed), so showing it moves nothing.
 */
export function LanguageOffer({ pathname }: { pathname: string }) {
  const { locale } = useLocale();
  return (
    <>
      {SITE_LOCALES.filter((other) => other !== locale).map((other) => {
        const offer = siteCopy(other).languageOffer;
        return (
          <aside
            key={other}
            className="language-offer"
            lang={other}
            aria-label={offer.text}
            hidden
            {...{ [LANGUAGE_OFFER_ATTRIBUTE]: other }}
          >
            <p>{offer.text}</p>
            <a href={pageInLanguage(pathname, other)} hrefLang={other} className="btn btn-primary" {...{ [LANGUAGE_SWITCH_ATTRIBUTE]: '' }}>
              {offer.link}
            </a>
            <button type="button" className="btn btn-secondary" data-dismiss="">
              {offer.dismiss}
            </button>
          </aside>
        );
      })}
    </>
  );
}

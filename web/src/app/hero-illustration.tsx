import { useLocale } from '../lib/locale';

/**
 * What the platform does, shown beside the hero headline: one case carried from focus area to prioritised concept.
 * Built from HTML text and CSS (no image): readable at any width, translatable with the copy, and part of the
 * prerendered page, so it never shifts the layout.
 */
export function HeroIllustration() {
  const { illustration } = useLocale().copy.hero;
  return (
    <figure className="hero-illustration" aria-label={illustration.label}>
      <ol className="stage-list">
        {illustration.stages.map((stage, index) => (
          <li key={stage.step} className="stage">
            <span className="stage-index" aria-hidden="true">
              {index + 1}
            </span>
            <span className="stage-step">{stage.step}</span>
            <span className="stage-text">{stage.text}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

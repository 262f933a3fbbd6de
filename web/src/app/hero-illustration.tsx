import type { ReactNode } from 'react';
import { useLocale } from '../lib/locale';
import { fill } from '../lib/fill';

/** The example's own figures (the same in every language; the copy says them in words). */
const EXPERIMENT_DAY = 9;
const EXPERIMENT_DAYS = 14;
/** Evidence scores of the four concepts the example ranks, the chosen one first. */
const CONCEPT_SCORES = [92, 61, 44, 27];

/**
 * What the platform does, shown beside the hero headline as a screen of the product: one case carried from focus
 * area to prioritised concept, with the AI's Socratic question, the hypothesis waiting for its test, the running
 * experiment and the concept's rank. HTML text with inline SVG (no image file): readable at any width, written in
 * the page's language, and part of the prerendered page, so it never shifts the layout. The figure's label is its
 * text alternative; the drawn bars only repeat what the text beside them says.
 */
export function HeroIllustration() {
  const { illustration } = useLocale().copy.hero;
  // What each stage shows below its text, in the stages' order: focus area, challenge, hypothesis, experiment, concept.
  const details: ReactNode[] = [
    null,
    <p className="ai-question">
      <span className="ai-badge">{illustration.aiLabel}</span>
      <span>{illustration.aiQuestion}</span>
    </p>,
    <span className="stage-chip">{illustration.hypothesisStatus}</span>,
    <span className="stage-meter">
      <svg viewBox={`0 0 ${EXPERIMENT_DAYS} 1`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect width={EXPERIMENT_DAYS} height="1" rx="0.5" className="meter-track" />
        <rect width={EXPERIMENT_DAY} height="1" rx="0.5" className="meter-value" />
      </svg>
      <span>{fill(illustration.experimentStatus, { day: EXPERIMENT_DAY, days: EXPERIMENT_DAYS })}</span>
    </span>,
    <svg className="stage-ranking" viewBox="0 0 100 34" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {CONCEPT_SCORES.map((score, rank) => (
        <rect key={score} x="0" y={rank * 9} width={score} height="6" rx="3" className={rank === 0 ? 'rank-chosen' : 'rank-other'} />
      ))}
    </svg>,
  ];
  return (
    <figure className="hero-illustration" aria-label={illustration.label}>
      <div className="product-bar" aria-hidden="true">
        <span className="product-dots">
          <span />
          <span />
          <span />
        </span>
        <span className="product-title">{illustration.windowTitle}</span>
      </div>
      <ol className="timeline stage-list">
        {illustration.stages.map((stage, index) => (
          <li key={stage.step} className="stage">
            <span className="timeline-marker stage-index" aria-hidden="true">
              {index + 1}
            </span>
            <span className="stage-step">{stage.step}</span>
            <span className="stage-text">{stage.text}</span>
            {details[index]}
          </li>
        ))}
      </ol>
    </figure>
  );
}

import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion';

export const TYPE_MS = 80;
export const DELETE_MS = 50;
export const HOLD_MS = 1500;

export interface TypewriterState {
  index: number;
  length: number;
  phase: 'typing' | 'holding' | 'deleting';
}

/**
 * The next displayed state and how long the current one lasts (pure, so it is easy to test):
 * each letter appears TYPE_MS after the previous one, the full word stays HOLD_MS, each letter goes DELETE_MS
 * after the previous one, and the first letter of the next word appears TYPE_MS after the field is empty.
 */
export function nextTypewriterStep(state: TypewriterState, words: readonly string[]): { next: TypewriterState; delay: number } {
  const word = words[state.index] ?? '';
  if (state.phase === 'holding') return { next: { ...state, length: state.length - 1, phase: 'deleting' }, delay: HOLD_MS };
  if (state.phase === 'deleting' && state.length > 0) return { next: { ...state, length: state.length - 1 }, delay: DELETE_MS };
  const index = state.phase === 'deleting' ? (state.index + 1) % words.length : state.index;
  const length = state.phase === 'deleting' ? 1 : state.length + 1;
  const full = (words[index] ?? word).length;
  return { next: { index, length, phase: length >= full ? 'holding' : 'typing' }, delay: TYPE_MS };
}

/**
 * A word typed letter by letter, held, deleted, then the next word, endlessly. Every word is also laid out
 * invisibly in the same grid cell, so the box is as wide as the longest word and nothing shifts.
 * The animated text is aria-hidden: screen readers get `srText` instead of letters.
 * Starts with the first word fully typed (that is what the prerendered HTML shows); static under reduced motion.
 */
export function TypewriterWord({ words, srText }: { words: readonly string[]; srText: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState<TypewriterState>({ index: 0, length: words[0]?.length ?? 0, phase: 'holding' });

  useEffect(() => {
    if (reducedMotion) return;
    const { next, delay } = nextTypewriterStep(state, words);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [state, words, reducedMotion]);

  const text = reducedMotion ? (words[0] ?? '') : (words[state.index] ?? '').slice(0, state.length);
  return (
    <>
      <span className="sr-only">{srText}</span>
      <span className="typewriter" aria-hidden="true">
        {words.map((word) => (
          <span key={word} className="typewriter-sizer">
            {word}
          </span>
        ))}
        <span className="typewriter-text" data-testid="hero-word">
          {text}
        </span>
      </span>
    </>
  );
}

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TypewriterWord } from './typewriter-word';
import { DELETE_MS, HOLD_MS, TYPE_MS, nextTypewriterStep, startTypewriters, type TypewriterState } from './typewriter';

const words = ['Ab', 'Cde'];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('nextTypewriterStep', () => {
  it('holds, deletes letter by letter, then types the next word letter by letter, cycling', () => {
    let state: TypewriterState = { index: 0, length: 2, phase: 'holding' };
    const seen: Array<[string, number]> = [];
    for (let i = 0; i < 14; i++) {
      const { next, delay } = nextTypewriterStep(state, words);
      state = next;
      seen.push([words[state.index]!.slice(0, state.length), delay]);
    }
    expect(seen).toEqual([
      ['A', HOLD_MS],
      ['', DELETE_MS],
      ['C', TYPE_MS],
      ['Cd', TYPE_MS],
      ['Cde', TYPE_MS],
      ['Cd', HOLD_MS],
      ['C', DELETE_MS],
      ['', DELETE_MS],
      ['A', TYPE_MS],
      ['Ab', TYPE_MS],
      ['A', HOLD_MS],
      ['', DELETE_MS],
      ['C', TYPE_MS],
      ['Cd', TYPE_MS],
    ]);
  });
});

/** A media query list whose `matches` the test flips, notifying listeners like the browser does. */
function stubReducedMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: reduce,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return media.matches && query.includes('reduce');
    },
    addEventListener: media.addEventListener,
    removeEventListener: media.removeEventListener,
  }));
  return (value: boolean) => {
    media.matches = value;
    listeners.forEach((listener) => listener());
  };
}

describe('TypewriterWord', () => {
  it('renders the first word, every word as an invisible sizer, and the sentence for screen readers', () => {
    render(<TypewriterWord words={words} srText="Ab and Cde" />);
    const word = screen.getByTestId('hero-word');
    expect(word.textContent).toBe('Ab');
    expect(word.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Ab and Cde')).toBeInTheDocument();
    expect([...document.querySelectorAll('.typewriter-sizer')].map((el) => el.textContent)).toEqual(words);
  });

  it('animates at 80 ms per typed letter, 1500 ms hold and 50 ms per deleted letter once started', () => {
    stubReducedMotion(false);
    vi.useFakeTimers();
    render(<TypewriterWord words={words} srText="Ab and Cde" />);
    const stop = startTypewriters();
    const word = screen.getByTestId('hero-word');
    expect(word.textContent).toBe('Ab');
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(word.textContent).toBe('Ab');
    vi.advanceTimersByTime(1);
    expect(word.textContent).toBe('A');
    vi.advanceTimersByTime(DELETE_MS);
    expect(word.textContent).toBe('');
    vi.advanceTimersByTime(TYPE_MS);
    expect(word.textContent).toBe('C');
    stop();
    vi.advanceTimersByTime(10_000);
    expect(word.textContent).toBe('C');
  });

  it('shows one static word under prefers-reduced-motion, also when the preference changes on an open page', () => {
    const setReduced = stubReducedMotion(true);
    vi.useFakeTimers();
    render(<TypewriterWord words={words} srText="Ab and Cde" />);
    startTypewriters();
    const word = screen.getByTestId('hero-word');
    vi.advanceTimersByTime(10_000);
    expect(word.textContent).toBe('Ab');

    setReduced(false);
    vi.advanceTimersByTime(HOLD_MS + DELETE_MS);
    expect(word.textContent).toBe('');
    setReduced(true);
    expect(word.textContent).toBe('Ab');
    vi.advanceTimersByTime(10_000);
    expect(word.textContent).toBe('Ab');
  });
});

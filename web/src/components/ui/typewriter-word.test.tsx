import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETE_MS, HOLD_MS, TYPE_MS, TypewriterWord, nextTypewriterStep, type TypewriterState } from './typewriter-word';

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

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('TypewriterWord', () => {
  it('animates with the spec timings and hides the letters from screen readers', () => {
    stubReducedMotion(false);
    vi.useFakeTimers();
    render(<TypewriterWord words={words} srText="Ab and Cde" />);
    const word = screen.getByTestId('hero-word');
    expect(word.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Ab and Cde')).toBeInTheDocument();
    expect(word).toHaveTextContent('Ab');
    act(() => vi.advanceTimersByTime(HOLD_MS - 1));
    expect(word).toHaveTextContent('Ab');
    act(() => vi.advanceTimersByTime(1));
    expect(word.textContent).toBe('A');
    act(() => vi.advanceTimersByTime(DELETE_MS));
    expect(word.textContent).toBe('');
    act(() => vi.advanceTimersByTime(TYPE_MS));
    expect(word.textContent).toBe('C');
  });

  it('shows one static word under prefers-reduced-motion', () => {
    stubReducedMotion(true);
    vi.useFakeTimers();
    render(<TypewriterWord words={words} srText="Ab and Cde" />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('hero-word').textContent).toBe('Ab');
  });
});

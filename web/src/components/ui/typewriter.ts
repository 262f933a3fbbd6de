/**
 * The hero word's animation, in plain DOM code so the first view ships no framework: it rewrites the text of the
 * prerendered `TypewriterWord` and nothing else (the box is sized by CSS, so nothing moves).
 */
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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Animates every `.typewriter` under `root`: the words are the box's invisible sizers, the text starts as the
 * first word (what the prerendered HTML shows). Under prefers-reduced-motion the first word stays, also when the
 * preference changes while the page is open. Returns a function that stops it.
 */
export function startTypewriters(root: ParentNode = document): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>('.typewriter')].map(startTypewriter);
  return () => stops.forEach((stop) => stop());
}

function startTypewriter(box: HTMLElement): () => void {
  const text = box.querySelector('.typewriter-text');
  const words = [...box.querySelectorAll('.typewriter-sizer')].map((el) => el.textContent ?? '');
  if (!text || words.length === 0) return () => undefined;
  const media = typeof matchMedia === 'function' ? matchMedia(REDUCED_MOTION) : null;
  let state: TypewriterState = { index: 0, length: words[0]!.length, phase: 'holding' };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = () => {
    const { next, delay } = nextTypewriterStep(state, words);
    timer = setTimeout(() => {
      state = next;
      text.textContent = words[state.index]!.slice(0, state.length);
      tick();
    }, delay);
  };
  const apply = () => {
    clearTimeout(timer);
    state = { index: 0, length: words[0]!.length, phase: 'holding' };
    text.textContent = words[0]!;
    if (!media?.matches) tick();
  };
  apply();
  media?.addEventListener('change', apply);
  return () => {
    clearTimeout(timer);
    media?.removeEventListener('change', apply);
  };
}

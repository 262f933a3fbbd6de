/**
 * A word typed letter by letter, held, deleted, then the next word, endlessly (animated by `typewriter.ts`).
 * Every word is also laid out invisibly in the same grid cell, so the box is as wide as the longest word and
 * nothing shifts. The animated text is aria-hidden: screen readers get `srText` instead of letters. The HTML
 * shows the first word, which is also all there is without script or under reduced motion.
 */
export function TypewriterWord({ words, srText }: { words: readonly string[]; srText: string }) {
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
          {words[0]}
        </span>
      </span>
    </>
  );
}

/** The typing dots: decoration, hidden from screen readers (the live log announces the bubble itself). */
export function TypingIndicator() {
  return (
    <span className="parley-typing" aria-hidden="true" data-testid="typing">
      <span />
      <span />
      <span />
    </span>
  );
}

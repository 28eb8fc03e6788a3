export function TypingIndicator({ label = "Typing" }: { label?: string }) {
  return (
    <span className="parley-typing" role="img" aria-label={label}>
      <span />
      <span />
      <span />
    </span>
  );
}

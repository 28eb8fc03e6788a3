export function SendButton({ label, isDisabled }: { label?: string; isDisabled?: boolean }) {
  return (
    <button type="submit" className="parley-button" disabled={isDisabled}>
      {label?.trim() || "Send"}
    </button>
  );
}

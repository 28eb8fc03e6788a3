import { SendIcon } from "../bubbles/icons";

export function SendButton({ label, isDisabled }: { label?: string; isDisabled?: boolean }) {
  const text = label?.trim() || "Send";
  return (
    <button type="submit" className="parley-button" disabled={isDisabled} aria-label={text}>
      <span>{text}</span>
      <SendIcon />
    </button>
  );
}

import { widgetText } from "../widgetTexts";

export function SendButton({
  label,
  isDisabled,
  language,
}: {
  label?: string;
  isDisabled?: boolean;
  /** The conversation's language: the default label is written in it. */
  language?: string;
}) {
  return (
    <button type="submit" className="parley-button" disabled={isDisabled}>
      {label?.trim() || widgetText(language, "send")}
    </button>
  );
}

import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { widgetText } from "../widgetTexts";
import { handleArrowKeys } from "./useArrowKeys";

/**
 * A labelled group of options, arrow-key navigable: buttons that answer at once (one answer)
 * or checkboxes sent with a submit button (several).
 */
export function OptionList({
  className,
  children,
  language,
}: {
  className: string;
  children: ReactNode;
  /** The conversation's language: the group's name is written in it. */
  language?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border and legend layout
    <div
      className={className}
      role="group"
      aria-label={widgetText(language, "options")}
      onKeyDown={(event) => handleArrowKeys(event)}
    >
      {children}
    </div>
  );
}

type OptionButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  isMultiple: boolean;
  isChecked: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
};

/** One option: a checkbox (several answers) or a plain button that answers when pressed. */
export function OptionButton({ isMultiple, isChecked, buttonRef, ...props }: OptionButtonProps) {
  return isMultiple ? (
    // biome-ignore lint/a11y/useSemanticElements: a styled toggle (pictures, pills) reads better than a native checkbox
    <button ref={buttonRef} type="button" data-option role="checkbox" aria-checked={isChecked} {...props} />
  ) : (
    <button ref={buttonRef} type="button" data-option {...props} />
  );
}

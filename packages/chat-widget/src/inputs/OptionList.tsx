import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { handleArrowKeys } from "./useArrowKeys";

/** A list of options: a radio group (one answer) or a group of checkboxes (several), arrow-key navigable. */
export function OptionList({
  isMultiple,
  className,
  children,
}: {
  isMultiple: boolean;
  className: string;
  children: ReactNode;
}) {
  return isMultiple ? (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border and legend layout
    <div
      className={className}
      role="group"
      aria-label="Options"
      onKeyDown={(event) => handleArrowKeys(event)}
    >
      {children}
    </div>
  ) : (
    <div
      className={className}
      role="radiogroup"
      aria-label="Options"
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

/** One option: a checkbox-like toggle (several answers) or a radio-like button that answers at once. */
export function OptionButton({ isMultiple, isChecked, buttonRef, ...props }: OptionButtonProps) {
  return isMultiple ? (
    // biome-ignore lint/a11y/useSemanticElements: a styled toggle button reads better than a native checkbox here
    <button ref={buttonRef} type="button" data-option role="checkbox" aria-checked={isChecked} {...props} />
  ) : (
    // biome-ignore lint/a11y/useSemanticElements: a styled button that answers at once
    <button ref={buttonRef} type="button" data-option role="radio" aria-checked={false} {...props} />
  );
}

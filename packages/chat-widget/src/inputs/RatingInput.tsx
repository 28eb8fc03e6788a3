import type { RatingInputBlock } from "@parley/schemas";
import { getRatingScale } from "@parley/schemas/bot/blocks/inputs/ratingScale";
import { useRef, useState } from "react";
import { StarIcon } from "../bubbles/icons";
import { widgetText } from "../widgetTexts";
import type { InputProps } from "./inputProps";
import { handleArrowKeys } from "./useArrowKeys";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind RatingInput renders (its definition's wire type). */
export const ratingInputType: RatingInputBlock["type"] = "rating input";

/** A rating as numbers or icons (stars or the author's SVG), with end labels and optional one-click submit. */
export function RatingInput({ input, onSubmit, language }: InputProps<typeof ratingInputType>) {
  const options = input.options ?? {};
  const isIcons = options.buttonType === "Icons";
  const { min, values } = getRatingScale(options);
  const [value, setValue] = useState<number>();
  const [hovered, setHovered] = useState<number>();
  const first = useRef<HTMLElement>(null);
  useFocusOnMount(first);
  const customIcon =
    options.customIcon?.isEnabled && options.customIcon.svg
      ? toSvgDataUrl(options.customIcon.svg)
      : undefined;
  const shown = hovered ?? value;

  const isOneClick = options.isOneClickSubmitEnabled === true;
  const choose = (rating: number) => {
    if (isOneClick) return onSubmit({ text: String(rating) });
    setValue(rating);
  };

  // One click answers: a group of buttons; otherwise a value to pick then send, a radio group.
  const groupRole = {
    role: isOneClick ? "group" : "radiogroup",
    "aria-label": widgetText(language, "rating"),
  };
  return (
    <div className="parley-input" data-wide={values.length > 6 ? "true" : undefined}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the role (group or radiogroup) is in groupRole */}
      <div
        className="parley-rating"
        data-icons={isIcons ? "true" : undefined}
        // Up to 11 buttons (0 to 10) stay on one row.
        data-long={values.length > 11 ? "true" : undefined}
        {...groupRole}
        onKeyDown={(event) => {
          // In a radio group the arrow keys select as they move.
          const focused = handleArrowKeys(event);
          if (focused && !isOneClick) setValue(Number(focused.dataset.rating));
        }}
        onMouseLeave={() => setHovered(undefined)}
      >
        {values.map((rating, index) => (
          <button
            key={rating}
            ref={
              index === 0
                ? (element) => {
                    first.current = element;
                  }
                : undefined
            }
            type="button"
            {...(isOneClick ? {} : { role: "radio", "aria-checked": value === rating })}
            data-option
            data-rating={rating}
            aria-label={String(rating)}
            data-filled={isIcons ? String(shown !== undefined && rating <= shown) : undefined}
            tabIndex={isOneClick || rating === (value ?? min) ? 0 : -1}
            onMouseEnter={isIcons ? () => setHovered(rating) : undefined}
            onClick={() => choose(rating)}
          >
            {isIcons ? customIcon ? <img src={customIcon} alt="" /> : <StarIcon /> : rating}
          </button>
        ))}
      </div>
      {options.labels?.left || options.labels?.right ? (
        <div className="parley-rating-labels">
          <span>{options.labels?.left}</span>
          <span>{options.labels?.right}</span>
        </div>
      ) : null}
      {isOneClick ? null : (
        <div className="parley-actions">
          <button
            type="button"
            className="parley-button"
            disabled={value === undefined}
            onClick={() => value !== undefined && onSubmit({ text: String(value) })}
          >
            {options.labels?.button ?? widgetText(language, "send")}
          </button>
        </div>
      )}
    </div>
  );
}

/** The author's SVG as an image: scripts inside an <img> never run. */
function toSvgDataUrl(svg: string) {
  return /^\s*<svg[\s>]/i.test(svg)
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
    : undefined;
}

import type { CardsBlock } from "@parley/schemas";
import { useRef } from "react";
import { sanitizeImageUrl } from "../rich-text/sanitizeUrl";
import { widgetText } from "../widgetTexts";
import type { InputProps } from "./inputProps";
import { handleArrowKeys } from "./useArrowKeys";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind CardsInput renders (its definition's wire type). */
export const cardsType: CardsBlock["type"] = "cards";

/** A carousel of cards (image, title, description), each with its own buttons (paths). */
export function CardsInput({ input, onSubmit, language }: InputProps<typeof cardsType>) {
  const first = useRef<HTMLButtonElement>(null);
  useFocusOnMount(first);
  let isFirst = true;
  const select = widgetText(language, "select");
  return (
    <div className="parley-input" data-wide="true">
      <ul
        className="parley-cards"
        aria-label={widgetText(language, "cards")}
        onKeyDown={(event) => handleArrowKeys(event)}
      >
        {input.items.map((card) => {
          const src = sanitizeImageUrl(card.imageUrl);
          const title = card.title ?? "";
          const paths = card.paths?.length ? card.paths : [{ id: card.id, text: title || select }];
          return (
            <li key={card.id} className="parley-card" aria-label={title || undefined}>
              {src ? <img src={src} alt="" loading="lazy" /> : null}
              {title || card.description ? (
                <div className="parley-card-body">
                  {title ? <h3>{title}</h3> : null}
                  {card.description ? <p>{card.description}</p> : null}
                </div>
              ) : null}
              <div className="parley-card-paths">
                {paths.map((path) => {
                  const ref = isFirst ? first : undefined;
                  isFirst = false;
                  return (
                    <button
                      key={path.id}
                      ref={ref}
                      type="button"
                      className="parley-button"
                      data-option
                      onClick={() =>
                        onSubmit({
                          text: title || path.text || "",
                          label: path.text || title,
                          replyId: path.id,
                        })
                      }
                    >
                      {path.text || title || select}
                    </button>
                  );
                })}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

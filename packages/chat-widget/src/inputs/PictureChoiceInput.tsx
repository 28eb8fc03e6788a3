import type { PictureChoiceInputBlock } from "@parley/schemas";
import { useRef, useState } from "react";
import { sanitizeImageUrl } from "../rich-text/sanitizeUrl";
import { widgetText } from "../widgetTexts";
import type { InputProps } from "./inputProps";
import { OptionButton, OptionList } from "./OptionList";
import { SearchField } from "./SearchField";
import { filterBySearch } from "./useArrowKeys";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind PictureChoiceInput renders (its definition's wire type). */
export const pictureChoiceInputType: PictureChoiceInputBlock["type"] = "picture choice input";

/** Pictures to choose from (one or several), with titles, descriptions and an optional search. */
export function PictureChoiceInput({ input, onSubmit, language }: InputProps<typeof pictureChoiceInputType>) {
  const options = input.options ?? {};
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const first = useRef<HTMLButtonElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  useFocusOnMount(options.isSearchable ? searchField : first);
  const isMultiple = options.isMultipleChoice === true;
  const labelOf = (item: (typeof input.items)[number]) =>
    item.title ?? item.value ?? item.description ?? widgetText(language, "picture");
  const visible = filterBySearch(
    input.items,
    search,
    (item) => `${item.title ?? ""} ${item.description ?? ""}`,
  );

  return (
    <div className="parley-input" data-wide="true">
      {options.isSearchable ? (
        <SearchField
          value={search}
          placeholder={options.searchInputPlaceholder}
          onChange={setSearch}
          fieldRef={searchField}
          language={language}
        />
      ) : null}
      <OptionList language={language} className="parley-pictures">
        {visible.map((item, index) => {
          const isChecked = selected.includes(item.id);
          const src = sanitizeImageUrl(item.pictureSrc);
          return (
            <OptionButton
              key={item.id}
              buttonRef={index === 0 ? first : undefined}
              isMultiple={isMultiple}
              isChecked={isChecked}
              className="parley-picture"
              onClick={() => {
                if (!isMultiple) return onSubmit({ text: labelOf(item), replyId: item.id });
                setSelected(isChecked ? selected.filter((id) => id !== item.id) : [...selected, item.id]);
              }}
            >
              {/* The name is the visible title and description; the picture speaks only when there is no title. */}
              {src ? <img src={src} alt={item.title ? "" : labelOf(item)} loading="lazy" /> : null}
              {item.title ? <span>{item.title}</span> : null}
              {item.description ? <small>{item.description}</small> : null}
            </OptionButton>
          );
        })}
      </OptionList>
      {isMultiple ? (
        <div className="parley-actions">
          <button
            type="button"
            className="parley-button"
            disabled={selected.length === 0}
            onClick={() =>
              onSubmit({
                text: input.items
                  .filter((item) => selected.includes(item.id))
                  .map(labelOf)
                  .join(", "),
              })
            }
          >
            {options.buttonLabel ?? widgetText(language, "send")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

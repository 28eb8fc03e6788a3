import type { ChoiceInputBlock } from "@parley/schemas";
import { useRef, useState } from "react";
import { widgetText } from "../widgetTexts";
import type { InputProps } from "./inputProps";
import { OptionButton, OptionList } from "./OptionList";
import { SearchField } from "./SearchField";
import { filterBySearch } from "./useArrowKeys";
import { useFocusOnMount } from "./useFocusOnMount";

/** The input kind ButtonsInput renders (its definition's wire type). */
export const choiceInputType: ChoiceInputBlock["type"] = "choice input";

/** Choice buttons: one click answers (single), or pick several and send (multiple); optional search. */
export function ButtonsInput({ input, onSubmit, language }: InputProps<typeof choiceInputType>) {
  const options = input.options ?? {};
  const items = input.items.filter((item) => (item.content ?? item.value ?? "").trim() !== "");
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const first = useRef<HTMLButtonElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  useFocusOnMount(options.isSearchable ? searchField : first);
  const visible = filterBySearch(items, search, (item) => item.content ?? item.value ?? "");
  const shown =
    options.isSearchable && options.areInitialSearchButtonsVisible === false && !search ? [] : visible;
  const isMultiple = options.isMultipleChoice === true;
  const labelOf = (item: (typeof items)[number]) => item.content ?? item.value ?? "";

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
      <OptionList language={language} className="parley-choices">
        {shown.map((item, index) => {
          const isChecked = selected.includes(item.id);
          return (
            <OptionButton
              key={item.id}
              buttonRef={index === 0 ? first : undefined}
              isMultiple={isMultiple}
              isChecked={isChecked}
              className="parley-choice"
              data-multiple={isMultiple ? "true" : undefined}
              onClick={() => {
                if (!isMultiple) return onSubmit({ text: labelOf(item), replyId: item.id });
                setSelected(isChecked ? selected.filter((id) => id !== item.id) : [...selected, item.id]);
              }}
            >
              {labelOf(item)}
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
            onClick={() => {
              const labels = items.filter((item) => selected.includes(item.id)).map(labelOf);
              onSubmit({ text: labels.join(", ") });
            }}
          >
            {options.buttonLabel ?? widgetText(language, "send")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

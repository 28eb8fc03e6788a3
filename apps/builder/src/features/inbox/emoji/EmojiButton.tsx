"use client";

import { Smile } from "lucide-react";
import { Popover } from "radix-ui";
import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { EmojiPicker } from "./EmojiPicker";

/**
 * The reply box's "Add emoji" button and its picker, in a popover (a dialog; no modal trap). Enter or Space opens
 * it with the search focused; picking an emoji hands it to `onInsert` and closes the picker (the reply box then
 * takes the focus); Escape or a click outside closes it and the focus returns to the button.
 */
export function EmojiButton({ onInsert }: { onInsert: (emoji: string) => void }) {
  const t = useTranslations("EmojiPicker");
  const [isOpen, setOpen] = useState(false);
  const hasPicked = useRef(false);
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={t("addEmoji")}
          title={t("addEmoji")}
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Smile size={16} aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t("picker")}
          onCloseAutoFocus={(event) => {
            // After a pick the reply box takes the focus (ReplyForm), not the button.
            if (hasPicked.current) event.preventDefault();
            hasPicked.current = false;
          }}
          className="z-50 flex h-[22rem] max-h-[var(--radix-popover-content-available-height)] w-[21rem] max-w-[calc(100vw-1rem)] flex-col rounded-lg border border-line bg-surface shadow-popover"
        >
          <EmojiPicker
            onPick={(emoji) => {
              hasPicked.current = true;
              setOpen(false);
              onInsert(emoji);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

"use client";

import { EmojiPicker, type EmojiPickerListComponents } from "frimousse";
import { Smile } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";

/** Where the picker reads its data: the builder's own copy of emojibase-data (`app/emojibase`). */
const EMOJIBASE_URL = "/emojibase";

/** How the picker's list draws its parts (at module level: React keeps them between renders). */
const listComponents: Partial<EmojiPickerListComponents> = {
  CategoryHeader: ({ category, ...props }) => (
    <div className="bg-surface px-3 pt-3 pb-1.5 font-medium text-[12px] text-muted" {...props}>
      {category.label}
    </div>
  ),
  Row: ({ children, ...props }) => (
    <div className="scroll-my-1.5 px-1.5" {...props}>
      {children}
    </div>
  ),
  Emoji: ({ emoji, ...props }) => (
    <button
      type="button"
      className="flex size-8 items-center justify-center rounded-md text-lg data-[active]:bg-subtle"
      {...props}
    >
      {emoji.emoji}
    </button>
  ),
};

/**
 * The reply box's emoji button: a searchable picker (frimousse) in a popover. Keyboard: Enter or Space opens it
 * with the search focused, the arrow keys move through the emoji, Enter inserts one, Escape closes it and focus
 * returns to the button.
 */
export function EmojiButton({ onInsert }: { onInsert: (emoji: string) => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Popover.Root open={isOpen} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label="Insert an emoji"
          title="Insert an emoji"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Smile size={16} aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          side="top"
          sideOffset={6}
          aria-label="Emoji"
          className="z-50 rounded-lg border border-line bg-surface shadow-popover"
        >
          <EmojiPicker.Root
            emojibaseUrl={EMOJIBASE_URL}
            columns={8}
            onEmojiSelect={({ emoji }) => {
              onInsert(emoji);
              setOpen(false);
            }}
            className="isolate flex h-[320px] w-[300px] max-w-[90vw] flex-col"
          >
            <EmojiPicker.Search
              aria-label="Search emoji"
              placeholder="Search emoji…"
              className="z-10 mx-2 mt-2 h-8 appearance-none rounded-md border border-line bg-surface px-2 text-[13px] focus:border-brand-500 focus:outline-none"
            />
            <EmojiPicker.Viewport className="relative flex-1 outline-hidden">
              <EmojiPicker.Loading className="absolute inset-0 flex items-center justify-center text-[13px] text-muted">
                Loading…
              </EmojiPicker.Loading>
              <EmojiPicker.Empty className="absolute inset-0 flex items-center justify-center text-[13px] text-muted">
                No emoji found.
              </EmojiPicker.Empty>
              <EmojiPicker.List className="select-none pb-1.5" components={listComponents} />
            </EmojiPicker.Viewport>
          </EmojiPicker.Root>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

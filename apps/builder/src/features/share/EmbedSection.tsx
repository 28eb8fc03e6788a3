"use client";

import { useState } from "react";
import { ColorField } from "@/components/ui/ColorField";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { NumberField } from "@/components/ui/NumberField";
import { Section } from "@/components/ui/Section";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Switch } from "@/components/ui/Switch";
import { type EmbedTarget, getBubbleSnippet, getInlineSnippet, getPopupSnippet } from "./embedSnippets";

type Mode = "inline" | "popup" | "bubble";
const modes = [
  { value: "inline", label: "Inline" },
  { value: "popup", label: "Popup" },
  { value: "bubble", label: "Bubble" },
] as const;
const descriptions: Record<Mode, string> = {
  inline: "The chat inside a box of your page, like a form.",
  popup: "The chat in a window over your page, opened after a delay or by your own button.",
  bubble: "A round button in the corner of every page that opens the chat.",
};

/** Code to paste into any website: inline container, popup or floating bubble. */
export function EmbedSection({ target }: { target: EmbedTarget | null }) {
  const [mode, setMode] = useState<Mode>("bubble");
  const [height, setHeight] = useState("600px");
  const [isAutoOpen, setIsAutoOpen] = useState(true);
  const [delaySeconds, setDelaySeconds] = useState(3);
  const [previewMessage, setPreviewMessage] = useState("Need help? Chat with us");
  const [buttonColor, setButtonColor] = useState("#4F46E5");
  const [placement, setPlacement] = useState<"left" | "right">("right");

  const snippet = !target
    ? null
    : mode === "inline"
      ? getInlineSnippet(target, { height })
      : mode === "popup"
        ? getPopupSnippet(target, { autoShowDelaySeconds: isAutoOpen ? delaySeconds : null })
        : getBubbleSnippet(target, { previewMessage, buttonColor, placement });

  return (
    <Section
      id="embed"
      title="Embed on a website"
      description="Paste the code before the closing </body> tag."
    >
      <SegmentedControl label="Embed type" value={mode} options={modes} onChange={setMode} />
      <p className="text-[13px] text-muted">{descriptions[mode]}</p>
      {mode === "inline" ? (
        <Field label="Height" hint="Any CSS length, e.g. 600px or 80vh." className="max-w-xs">
          {(id) => <Input id={id} value={height} onChange={(event) => setHeight(event.target.value)} />}
        </Field>
      ) : mode === "popup" ? (
        <div className="flex flex-col gap-3">
          <Switch label="Open by itself" checked={isAutoOpen} onCheckedChange={setIsAutoOpen} />
          {isAutoOpen ? (
            <NumberField
              label="After"
              unit="s"
              min={0}
              max={600}
              value={delaySeconds}
              onChange={setDelaySeconds}
              className="max-w-xs"
            />
          ) : null}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Preview message" hint="Shown next to the button after 5 s; empty for none.">
            {(id) => (
              <Input
                id={id}
                value={previewMessage}
                onChange={(event) => setPreviewMessage(event.target.value)}
              />
            )}
          </Field>
          <ColorField label="Button colour" value={buttonColor} onChange={setButtonColor} />
          <SegmentedControl
            label="Corner"
            value={placement}
            options={[
              { value: "left", label: "Bottom left" },
              { value: "right", label: "Bottom right" },
            ]}
            onChange={setPlacement}
          />
        </div>
      )}
      {snippet ? (
        <div className="relative">
          <pre
            className="overflow-x-auto rounded-lg bg-ink p-4 pr-28 font-mono text-[12.5px] leading-relaxed text-white"
            data-testid="embed-code"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the code scrolls sideways, the keyboard must reach it (WCAG 2.1.1)
            tabIndex={0}
          >
            <code>{snippet}</code>
          </pre>
          <CopyButton
            value={snippet}
            label="Copy code"
            copiedMessage="Embed code copied"
            className="absolute top-3 right-3"
          />
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-line-strong p-4 text-center text-muted">
          Publish the bot to get its embed code.
        </p>
      )}
    </Section>
  );
}

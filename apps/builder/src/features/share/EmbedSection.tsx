"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { ColorField } from "@/components/ui/ColorField";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { NumberField } from "@/components/ui/NumberField";
import { Section } from "@/components/ui/Section";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Switch } from "@/components/ui/Switch";
import { type EmbedTarget, getBubbleSnippet, getInlineSnippet, getPopupSnippet } from "./embedSnippets";

type Mode = "inline" | "popup" | "bubble";

/** Code to paste into any website: inline container, popup or floating bubble. */
export function EmbedSection({ target }: { target: EmbedTarget | null }) {
  const t = useTranslations("Embed");
  const modes = [
    { value: "inline", label: t("inline") },
    { value: "popup", label: t("popup") },
    { value: "bubble", label: t("bubble") },
  ] as const;
  const descriptions: Record<Mode, string> = {
    inline: t("inlineDescription"),
    popup: t("popupDescription"),
    bubble: t("bubbleDescription"),
  };
  const [mode, setMode] = useState<Mode>("bubble");
  const [height, setHeight] = useState("600px");
  const [isAutoOpen, setIsAutoOpen] = useState(true);
  const [delaySeconds, setDelaySeconds] = useState(3);
  const [previewMessage, setPreviewMessage] = useState(() => t("defaultPreviewMessage"));
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
    <Section id="embed" title={t("title")} description={t("description")}>
      <SegmentedControl label={t("type")} value={mode} options={modes} onChange={setMode} />
      <p className="text-[13px] text-muted">{descriptions[mode]}</p>
      {mode === "inline" ? (
        <Field label={t("height")} hint={t("heightHint")} className="max-w-xs">
          {(id) => <Input id={id} value={height} onChange={(event) => setHeight(event.target.value)} />}
        </Field>
      ) : mode === "popup" ? (
        <div className="flex flex-col gap-3">
          <Switch label={t("autoOpen")} checked={isAutoOpen} onCheckedChange={setIsAutoOpen} />
          {isAutoOpen ? (
            <NumberField
              label={t("after")}
              unit={t("seconds")}
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
          <Field label={t("previewMessage")} hint={t("previewMessageHint")}>
            {(id) => (
              <Input
                id={id}
                value={previewMessage}
                onChange={(event) => setPreviewMessage(event.target.value)}
              />
            )}
          </Field>
          <ColorField label={t("buttonColor")} value={buttonColor} onChange={setButtonColor} />
          <SegmentedControl
            label={t("corner")}
            value={placement}
            options={[
              { value: "left", label: t("bottomLeft") },
              { value: "right", label: t("bottomRight") },
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
            label={t("copyCode")}
            copiedMessage={t("codeCopied")}
            className="absolute top-3 right-3"
          />
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-line-strong p-4 text-center text-muted">
          {t("publishFirst")}
        </p>
      )}
    </Section>
  );
}

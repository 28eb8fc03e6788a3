"use client";

import type { Font } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { ColorField } from "@/components/ui/ColorField";
import { Field, Input } from "@/components/ui/Field";
import { NumberField } from "@/components/ui/NumberField";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Switch } from "@/components/ui/Switch";
import { FontFields } from "./FontFields";
import type { ThemeFieldsProps } from "./themeEditing";

export function FontSection({ theme, set }: ThemeFieldsProps) {
  return <FontFields font={theme.general.font as Font} onChange={(font) => set(["general", "font"], font)} />;
}

/** The page behind the chat: a colour, an image or nothing (transparent, for embeds). */
export function BackgroundSection({ theme, set }: ThemeFieldsProps) {
  const t = useTranslations("ThemeFields");
  const background = theme.general.background;
  const type = background.type ?? "Color";
  return (
    <div className="flex flex-col gap-3">
      <SegmentedControl
        label={t("background")}
        value={type}
        options={[
          { value: "Color", label: t("colour") },
          { value: "Image", label: t("image") },
          { value: "None", label: t("noneBackground") },
        ]}
        onChange={(next) =>
          set(["general", "background"], { type: next, content: next === "Color" ? "#F4F4F6" : "" })
        }
      />
      {type === "Color" ? (
        <ColorField
          label={t("backgroundColour")}
          value={background.content ?? "#F4F4F6"}
          onChange={(value) => set(["general", "background", "content"], value)}
        />
      ) : type === "Image" ? (
        <Field label={t("imageUrl")} hint={t("imageUrlHint")}>
          {(id) => (
            <Input
              id={id}
              type="url"
              placeholder="https://…/background.jpg"
              value={background.content ?? ""}
              onChange={(event) => set(["general", "background", "content"], event.target.value)}
            />
          )}
        </Field>
      ) : (
        <p className="text-[13px] text-muted">{t("transparent")}</p>
      )}
    </div>
  );
}

export function ProgressBarSection({ theme, set }: ThemeFieldsProps) {
  const t = useTranslations("ThemeFields");
  const bar = theme.general.progressBar;
  const path = (key: string) => ["general", "progressBar", key];
  return (
    <div className="flex flex-col gap-3">
      <Switch
        label={t("showProgressBar")}
        hint={t("showProgressBarHint")}
        checked={bar.isEnabled}
        onCheckedChange={(checked) => set(path("isEnabled"), checked)}
      />
      {bar.isEnabled ? (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <ColorField
              label={t("barColour")}
              value={bar.color}
              onChange={(value) => set(path("color"), value)}
            />
            <ColorField
              label={t("trackColour")}
              value={bar.backgroundColor}
              onChange={(value) => set(path("backgroundColor"), value)}
            />
          </div>
          <NumberField
            label={t("thickness")}
            unit="px"
            min={1}
            max={20}
            value={bar.thickness}
            onChange={(value) => set(path("thickness"), value)}
          />
          <SegmentedControl
            label={t("placement")}
            value={bar.placement}
            options={[
              { value: "Top", label: t("top") },
              { value: "Bottom", label: t("bottom") },
            ]}
            onChange={(value) => set(path("placement"), value)}
          />
          <SegmentedControl
            label={t("position")}
            value={bar.position}
            options={[
              { value: "absolute", label: t("inChat") },
              { value: "fixed", label: t("inWindow") },
            ]}
            onChange={(value) => set(path("position"), value)}
          />
        </>
      ) : null}
    </div>
  );
}

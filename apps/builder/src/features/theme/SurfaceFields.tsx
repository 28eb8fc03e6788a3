"use client";

import type { Border } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { ColorField } from "@/components/ui/ColorField";
import { NumberField } from "@/components/ui/NumberField";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { BorderFields } from "./BorderFields";
import { getShadowOptions, type shadows } from "./themeEditing";

interface Surface {
  backgroundColor: string;
  color: string;
  blur: number;
  opacity: number;
  border: Border;
  shadow: (typeof shadows)[number];
  placeholderColor?: string;
}

/** Colours, transparency, blur, shadow and border of one surface (bubbles, buttons, inputs, container). */
export function SurfaceFields({
  label,
  surface,
  set,
}: {
  label: string;
  surface: Surface;
  set: (key: string, value: unknown) => void;
}) {
  const t = useTranslations("ThemeFields");
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <ColorField
          label={t("background")}
          value={surface.backgroundColor}
          onChange={(value) => set("backgroundColor", value)}
        />
        <ColorField label={t("text")} value={surface.color} onChange={(value) => set("color", value)} />
        {surface.placeholderColor !== undefined ? (
          <ColorField
            label={t("placeholder")}
            value={surface.placeholderColor}
            onChange={(value) => set("placeholderColor", value)}
          />
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={t("opacity")}
          min={0}
          max={1}
          step={0.05}
          value={surface.opacity}
          onChange={(value) => set("opacity", value)}
        />
        <NumberField
          label={t("blur")}
          unit="px"
          min={0}
          max={40}
          value={surface.blur}
          onChange={(value) => set("blur", value)}
        />
      </div>
      <SegmentedControl
        label={t("shadow")}
        value={surface.shadow}
        options={getShadowOptions(t)}
        onChange={(value) => set("shadow", value)}
      />
      <BorderFields
        label={label}
        border={surface.border}
        onChange={(key, value) => set(`border.${key}`, value)}
      />
    </div>
  );
}

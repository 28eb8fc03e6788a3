"use client";

import type { Border } from "@parley/schemas";
import { ColorField } from "@/components/ui/ColorField";
import { NumberField } from "@/components/ui/NumberField";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { BorderFields } from "./BorderFields";
import { shadowOptions } from "./themeEditing";

interface Surface {
  backgroundColor: string;
  color: string;
  blur: number;
  opacity: number;
  border: Border;
  shadow: (typeof shadowOptions)[number]["value"];
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
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <ColorField
          label="Background"
          value={surface.backgroundColor}
          onChange={(value) => set("backgroundColor", value)}
        />
        <ColorField label="Text" value={surface.color} onChange={(value) => set("color", value)} />
        {surface.placeholderColor !== undefined ? (
          <ColorField
            label="Placeholder"
            value={surface.placeholderColor}
            onChange={(value) => set("placeholderColor", value)}
          />
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label="Opacity"
          min={0}
          max={1}
          step={0.05}
          value={surface.opacity}
          onChange={(value) => set("opacity", value)}
        />
        <NumberField
          label="Blur"
          unit="px"
          min={0}
          max={40}
          value={surface.blur}
          onChange={(value) => set("blur", value)}
        />
      </div>
      <SegmentedControl
        label="Shadow"
        value={surface.shadow}
        options={shadowOptions}
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

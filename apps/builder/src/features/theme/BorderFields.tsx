"use client";

import type { Border } from "@parley/schemas";
import { useTranslations } from "use-intl";
import { ColorField } from "@/components/ui/ColorField";
import { NumberField } from "@/components/ui/NumberField";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { getRoundnessOptions } from "./themeEditing";

/** Border of a surface: thickness, colour, opacity and corner roundness (preset or custom px). */
export function BorderFields({
  label,
  border,
  onChange,
}: {
  label: string;
  border: Border;
  onChange: (key: keyof Border, value: unknown) => void;
}) {
  const t = useTranslations("ThemeFields");
  const roundness = border.roundeness ?? "medium";
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <legend className="px-1 text-[13px] font-semibold text-muted">
        {t("borderOf", { surface: label })}
      </legend>
      <SegmentedControl
        label={t("corners")}
        value={roundness}
        options={getRoundnessOptions(t)}
        onChange={(value) => onChange("roundeness", value)}
      />
      {roundness === "custom" ? (
        <NumberField
          label={t("cornerRadius")}
          unit="px"
          min={0}
          max={100}
          value={border.customRoundeness ?? 8}
          onChange={(value) => onChange("customRoundeness", value)}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label={t("thickness")}
          unit="px"
          min={0}
          max={20}
          value={border.thickness ?? 0}
          onChange={(value) => onChange("thickness", value)}
        />
        <NumberField
          label={t("opacity")}
          min={0}
          max={1}
          step={0.05}
          value={border.opacity ?? 1}
          onChange={(value) => onChange("opacity", value)}
        />
      </div>
      <ColorField
        label={t("borderColor")}
        value={border.color ?? "#E4E4E7"}
        onChange={(value) => onChange("color", value)}
      />
    </fieldset>
  );
}

"use client";

import { type Font, getIncludedFont, includedFonts } from "@parley/schemas";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Select } from "@/components/ui/Select";

type FontSource = "Included" | "Google" | "Custom";

/**
 * Where a theme's font comes from: a family name (the included picker stores the name), the
 * Google form the author confirmed, or a custom file. An included family is served by Parley in every form.
 */
function getFontSource(font: Font): FontSource {
  if (typeof font === "string") return getIncludedFont(font) ? "Included" : "Google";
  return font.type;
}

/**
 * The theme's font: one of the included families (served by Parley: chats make no third-party
 * request), any Google font after the author confirms that chats will then load it from Google,
 * or a custom font from a file URL or CSS.
 */
export function FontFields({ font, onChange }: { font: Font; onChange: (font: Font) => void }) {
  const t = useTranslations("FontFields");
  const current = typeof font === "string" ? { type: "Google" as const, family: font } : font;
  const source = getFontSource(font);
  const [isConfirmingGoogle, setIsConfirmingGoogle] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <SegmentedControl
        label={t("source")}
        value={source}
        options={[
          { value: "Included", label: t("included") },
          { value: "Google", label: t("google") },
          { value: "Custom", label: t("custom") },
        ]}
        onChange={(next) => {
          if (next === "Google") setIsConfirmingGoogle(true);
          else onChange(next === "Included" ? includedFonts[0].family : { type: "Custom", family: "" });
        }}
      />
      <ConfirmDialog
        open={isConfirmingGoogle}
        onOpenChange={setIsConfirmingGoogle}
        title={t("googleTitle")}
        description={t("googleDescription")}
        confirmLabel={t("googleConfirm")}
        isDanger={false}
        onConfirm={() => {
          setIsConfirmingGoogle(false);
          onChange({ type: "Google", family: "" });
        }}
      />
      {source === "Included" ? (
        <Field label={t("family")} hint={t("includedHint")}>
          {(id) => (
            <Select
              id={id}
              value={getIncludedFont(current.family)?.family ?? ""}
              onChange={(event) => onChange(event.target.value)}
            >
              {includedFonts.map((included) => (
                <option key={included.id} value={included.family}>
                  {included.family}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : source === "Google" ? (
        <Field label={t("googleFamily")} hint={t("googleFamilyHint")}>
          {(id) => (
            <Input
              id={id}
              placeholder={t("googlePlaceholder")}
              value={current.family ?? ""}
              onChange={(event) => onChange({ type: "Google", family: event.target.value })}
            />
          )}
        </Field>
      ) : current.type === "Custom" ? (
        <CustomFontFields font={current} onChange={onChange} />
      ) : null}
    </div>
  );
}

function CustomFontFields({
  font,
  onChange,
}: {
  font: Extract<Font, { type: "Custom" }>;
  onChange: (font: Font) => void;
}) {
  const t = useTranslations("FontFields");
  return (
    <>
      <Field label={t("family")} hint={t("customFamilyHint")}>
        {(id) => (
          <Input
            id={id}
            value={font.family ?? ""}
            onChange={(event) => onChange({ ...font, family: event.target.value })}
          />
        )}
      </Field>
      <Field label={t("fileUrl")} hint={t("fileUrlHint")}>
        {(id) => (
          <Input
            id={id}
            type="url"
            placeholder="https://…/acme-sans.woff2"
            value={font.url ?? ""}
            onChange={(event) => onChange({ ...font, url: event.target.value })}
          />
        )}
      </Field>
      <Field label={t("fontFaceCss")}>
        {(id) => (
          <Textarea
            id={id}
            spellCheck={false}
            className="font-mono text-[13px]"
            value={font.css ?? ""}
            onChange={(event) => onChange({ ...font, css: event.target.value })}
          />
        )}
      </Field>
    </>
  );
}

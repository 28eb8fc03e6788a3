"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { CodeEditor } from "./CodeEditor";

/** Edits a value of a shape the forms do not know as JSON; applied when it parses. */
export function JsonField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const t = useTranslations("JsonField");
  const [text, setText] = useState(() => (value === undefined ? "" : JSON.stringify(value, null, 2)));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText((current) => {
      try {
        return JSON.stringify(JSON.parse(current || "null")) === JSON.stringify(value ?? null)
          ? current
          : JSON.stringify(value, null, 2);
      } catch {
        return current;
      }
    });
  }, [value]);
  return (
    <div className="flex flex-col gap-1">
      <CodeEditor
        id={id}
        value={text}
        minRows={3}
        onChange={(next) => {
          setText(next);
          if (next.trim() === "") {
            setError(null);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(next));
            setError(null);
          } catch {
            setError(t("invalid"));
          }
        }}
      />
      {error ? <p className="text-[12px] text-danger-600">{error}</p> : null}
    </div>
  );
}

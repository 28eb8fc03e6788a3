"use client";

import { useMemo } from "react";
import { type EditorBlock, getBlockField } from "../store/editorDocument";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";
import { type FormContext, SchemaField } from "./form/SchemaField";
import { describeSchema } from "./form/schemaIntrospection";
import { useBlockUpdater } from "./useBlockUpdater";

/**
 * Every field of a block's `options` (or a bubble's `content`), generated from its zod
 * schema: what the schema allows is what the panel edits, nothing more, nothing less.
 * `omit` leaves out fields a custom editor of the panel handles.
 */
export function OptionsForm({
  block,
  field,
  omit = [],
}: {
  block: EditorBlock;
  field: "options" | "content";
  omit?: string[];
}) {
  const { updateField } = useBlockUpdater(block.id);
  const description = useMemo(() => {
    const fieldSchema = getEditorBlockDefinition(block.type)?.schema.shape[field];
    return fieldSchema ? describeSchema(fieldSchema) : null;
  }, [block.type, field]);
  if (description?.kind !== "object") return null;
  const context: FormContext = {
    blockType: block.type,
    root: getBlockField(block, field) ?? {},
    defaults: getEditorBlockDefinition(block.type)?.defaults ?? {},
    onChange: (path, value) => updateField(field, path, value),
  };
  return (
    <div className="flex flex-col gap-4">
      {description.fields
        .filter(([key]) => !omit.includes(key))
        .map(([key, kind]) => (
          <SchemaField key={key} name={key} kind={kind} path={[key]} context={context} />
        ))}
    </div>
  );
}

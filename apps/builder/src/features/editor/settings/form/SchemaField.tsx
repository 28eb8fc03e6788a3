"use client";

import { aiAgentBlock, getAiBlockDefinition, googleSheetsBlock, readPath } from "@parley/schemas";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import { useDefinitionTexts } from "@/i18n/useDefinitionTexts";
import { ModelPicker } from "../../../integrations/ModelPicker";
import { SheetPicker } from "../../../integrations/SheetPicker";
import { SpreadsheetField } from "../../../integrations/SpreadsheetField";
import { VariablePicker } from "../../variables/VariablePicker";
import { AgentToolsEditor } from "../agent/AgentToolsEditor";
import { JsonSchemaEditor } from "../agent/JsonSchemaEditor";
import { KnowledgeBasePicker } from "../agent/KnowledgeBasePicker";
import { CredentialsPicker } from "../CredentialsPicker";
import { CodeEditor } from "./CodeEditor";
import { ConditionEditor } from "./ConditionEditor";
import { getFieldLabels, hiddenKeys, isCodeField, longTextKeys } from "./fieldMetadata";
import { isFieldVisible } from "./fieldVisibility";
import { GroupPicker } from "./GroupPicker";
import { JsonField } from "./JsonField";
import { ObjectListField, StringListField } from "./ListFields";
import { type FieldKind, humanizeKey } from "./schemaIntrospection";
import { TextField } from "./TextField";

export type FieldPath = (string | number)[];

export interface FormContext {
  blockType: string;
  /** The edited object (a block's options, content or item) as it is now. */
  root: Record<string, unknown>;
  /** What the schema's defaults give for fields left empty. */
  defaults: Record<string, unknown>;
  onChange: (path: FieldPath, value: unknown) => void;
}

/** One field of a settings form, chosen from its schema: recursive for objects and lists. */
export function SchemaField({
  name,
  kind,
  path,
  context,
}: {
  name: string;
  kind: FieldKind;
  path: FieldPath;
  context: FormContext;
}) {
  const id = useId();
  const t = useTranslations("SchemaField");
  const fieldLabels = getFieldLabels(useTranslations("FieldLabels"));
  const definitionTexts = useDefinitionTexts();
  if (hiddenKeys.has(name) || !isFieldVisible(context.blockType, path, context.root)) return null;
  const value = readPath(context.root, path);
  const defaultValue = readPath(context.defaults, path);
  const label =
    context.blockType.endsWith(" item") && name === "content"
      ? t("itemText")
      : (definitionTexts.fieldLabel(context.blockType, name) ?? fieldLabels[name] ?? humanizeKey(name));
  const set = (next: unknown) => context.onChange(path, next);
  const text = typeof value === "string" ? value : undefined;
  const labelled = (control: React.ReactNode) => (
    <div className="flex flex-col gap-1.5" data-field={path.join(".")}>
      <label htmlFor={id} className="text-[13px] font-medium text-ink">
        {label}
      </label>
      {control}
    </div>
  );

  if (context.blockType === aiAgentBlock.type) {
    if (path.length === 1 && name === "tools")
      return <AgentToolsEditor label={label} path={path} context={context} />;
    if (path.length === 1 && name === "knowledgeBaseIds")
      return (
        <KnowledgeBasePicker
          label={label}
          value={Array.isArray(value) ? value.filter((id) => typeof id === "string") : []}
          onChange={set}
        />
      );
    if (path.length === 3 && path[0] === "tools" && name === "parameters")
      return (
        <div data-field={path.join(".")}>
          <JsonSchemaEditor label={label} value={value} onChange={set} />
        </div>
      );
  }
  if (kind.kind === "string" && /variableid$/i.test(name))
    return labelled(<VariablePicker id={id} value={text} onChange={set} />);
  if (kind.kind === "string" && name === "groupId" && path.length === 1)
    return labelled(<GroupPicker id={id} value={text} onChange={set} />);
  if (kind.kind === "string" && /credentialsid$/i.test(name))
    return labelled(
      <CredentialsPicker
        id={id}
        blockType={context.blockType}
        blockOptions={context.root}
        value={text}
        onChange={set}
      />,
    );
  // An agent's model is listed by the provider it names (an AI kind's wire type).
  const aiDefinition =
    kind.kind === "string" && name === "model" && path.length === 1
      ? getAiBlockDefinition(
          context.blockType === aiAgentBlock.type
            ? String(context.root.provider ?? aiAgentBlock.defaults?.provider ?? "")
            : context.blockType,
        )
      : undefined;
  if (aiDefinition)
    return labelled(
      <ModelPicker
        id={id}
        blockType={aiDefinition.type}
        options={context.root}
        value={text}
        placeholder={typeof defaultValue === "string" ? defaultValue : undefined}
        onChange={set}
      />,
    );
  if (kind.kind === "string" && context.blockType === googleSheetsBlock.type && path.length === 1) {
    if (name === "spreadsheetId") return labelled(<SpreadsheetField id={id} value={text} onChange={set} />);
    if (name === "sheetId")
      return labelled(<SheetPicker id={id} options={context.root} value={text} onChange={set} />);
  }
  switch (kind.kind) {
    case "boolean":
      return (
        <div data-field={path.join(".")}>
          <Switch label={label} checked={(value ?? defaultValue) === true} onCheckedChange={set} />
        </div>
      );
    case "enum": {
      const chosen = value ?? defaultValue;
      return labelled(
        <Select
          id={id}
          value={typeof chosen === "string" ? chosen : ""}
          onChange={(event) => set(event.target.value || undefined)}
        >
          {value === undefined && defaultValue === undefined ? <option value="">{t("choose")}</option> : null}
          {kind.values.map((option) => (
            <option key={option} value={option}>
              {definitionTexts.optionValue(name, option)}
            </option>
          ))}
        </Select>,
      );
    }
    case "number":
      return labelled(
        <Input
          id={id}
          type="number"
          value={value === undefined ? "" : String(value)}
          placeholder={defaultValue === undefined ? "" : String(defaultValue)}
          onChange={(event) => set(event.target.value === "" ? undefined : Number(event.target.value))}
        />,
      );
    case "numberOrText":
      return labelled(
        <TextField
          id={id}
          value={value === undefined ? "" : String(value)}
          placeholder={defaultValue === undefined ? t("numberOrVariable") : String(defaultValue)}
          onChange={(text) =>
            set(text === "" ? undefined : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text)
          }
        />,
      );
    case "string":
      if (isCodeField(context.blockType, name, context.root))
        return labelled(
          <CodeEditor id={id} value={text ?? ""} onChange={(text) => set(text || undefined)} />,
        );
      return labelled(
        <TextField
          id={id}
          multiline={longTextKeys.has(name)}
          value={text ?? ""}
          placeholder={typeof defaultValue === "string" ? defaultValue : undefined}
          onChange={(text) => set(text === "" ? undefined : text)}
        />,
      );
    case "object":
      if (kind.fields.some(([key]) => key === "comparisons"))
        return labelled(
          <ConditionEditor
            value={value as never}
            subject={context.blockType === googleSheetsBlock.type ? "column" : "variable"}
            onChange={set}
          />,
        );
      return (
        <fieldset
          className="flex flex-col gap-3 rounded-lg border border-line p-3"
          data-field={path.join(".")}
        >
          <legend className="px-1 text-[12px] font-semibold tracking-wide text-muted uppercase">
            {label}
          </legend>
          {kind.fields.map(([key, child]) => (
            <SchemaField key={key} name={key} kind={child} path={[...path, key]} context={context} />
          ))}
        </fieldset>
      );
    case "array":
      if (kind.element.kind === "object")
        return labelled(
          <ObjectListField element={kind.element} path={path} context={context} label={label} />,
        );
      return labelled(
        <StringListField
          value={Array.isArray(value) ? value.filter((item) => typeof item === "string") : []}
          onChange={set}
        />,
      );
    default:
      return labelled(<JsonField id={id} value={value} onChange={set} />);
  }
}

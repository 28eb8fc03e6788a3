"use client";

import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { CodeEditor } from "../form/CodeEditor";
import { StringListField } from "../form/ListFields";
import {
  type JsonObject,
  type ParameterType,
  parametersToSchema,
  parameterTypes,
  type SchemaParameter,
  schemaToParameters,
} from "./jsonSchemaParameters";

type Validate = (schema: unknown) => string[];

const getTypeLabels = (t: InterfaceTranslator<"AgentSettings">): Record<ParameterType, string> => ({
  string: t("typeString"),
  number: t("typeNumber"),
  integer: t("typeInteger"),
  boolean: t("typeBoolean"),
  enum: t("typeEnum"),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The JSON Schema of a tool's parameters: a list of parameters (name, type, description, required, allowed
 * values) that writes the schema, or the schema itself as JSON, checked against the JSON Schema meta-schema
 * as it is typed. Only a valid schema is saved; the problems say where it is wrong.
 */
export function JsonSchemaEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: unknown;
  onChange: (schema: JsonObject | undefined) => void;
}) {
  const t = useTranslations("AgentSettings");
  const asList = schemaToParameters(value);
  const [mode, setMode] = useState<"list" | "json">(asList ? "list" : "json");
  const [validate, setValidate] = useState<Validate | null>(null);
  useEffect(() => {
    // The meta-schema check is loaded with the editor, not with the builder's first page.
    let live = true;
    void import("./validateParametersSchema").then((module) => {
      if (live) setValidate(() => module.validateParametersSchema);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{label}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-[13px] font-medium text-ink">
          {label}
        </span>
        <div className="flex gap-1 rounded-lg bg-subtle p-0.5">
          {(["list", "json"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              disabled={option === "list" && !asList}
              title={option === "list" && !asList ? t("listUnavailable") : undefined}
              onClick={() => setMode(option)}
              className={
                mode === option
                  ? "rounded-md bg-surface px-2 py-0.5 text-[12px] font-medium text-ink shadow-sm"
                  : "rounded-md px-2 py-0.5 text-[12px] text-muted hover:text-ink disabled:opacity-50"
              }
            >
              {option === "list" ? t("modeList") : t("modeJson")}
            </button>
          ))}
        </div>
      </div>
      {mode === "list" && asList ? (
        <ParameterList schema={value} parameters={asList} onChange={onChange} />
      ) : (
        <RawSchema value={value} validate={validate} onChange={onChange} />
      )}
    </fieldset>
  );
}

function ParameterList({
  schema,
  parameters,
  onChange,
}: {
  schema: unknown;
  parameters: SchemaParameter[];
  onChange: (schema: JsonObject | undefined) => void;
}) {
  const t = useTranslations("AgentSettings");
  // Rows being typed (no name yet) live here until they become part of the schema.
  const [rows, setRows] = useState(parameters);
  useEffect(() => {
    setRows((current) =>
      same(parametersToSchema(current), schema ?? parametersToSchema([])) ? current : parameters,
    );
  }, [schema, parameters]);
  const update = (next: SchemaParameter[]) => {
    setRows(next);
    const written = parametersToSchema(next);
    onChange(next.length === 0 ? undefined : written);
  };
  const names = rows.map((row) => row.name.trim()).filter(Boolean);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  return (
    <div className="flex flex-col gap-2">
      {rows.length === 0 ? <p className="text-[13px] text-muted">{t("noParameters")}</p> : null}
      {rows.map((row, index) => (
        <ParameterRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their position is their identity while edited
          key={index}
          index={index}
          row={row}
          onChange={(patch) =>
            update(rows.map((candidate, at) => (at === index ? { ...candidate, ...patch } : candidate)))
          }
          onRemove={() => update(rows.filter((_, at) => at !== index))}
        />
      ))}
      {twice ? (
        <p role="alert" className="text-[12px] text-danger-600">
          {t("duplicateParameter", { name: twice })}
        </p>
      ) : null}
      <Button
        size="sm"
        className="self-start"
        onClick={() =>
          setRows([...rows, { name: "", type: "string", description: "", required: false, values: [] }])
        }
      >
        <Plus size={14} /> {t("addParameter")}
      </Button>
    </div>
  );
}

function ParameterRow({
  index,
  row,
  onChange,
  onRemove,
}: {
  index: number;
  row: SchemaParameter;
  onChange: (patch: Partial<SchemaParameter>) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("AgentSettings");
  const typeLabels = getTypeLabels(t);
  const id = useId();
  const nameError =
    row.name !== "" && !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(row.name.trim()) ? t("nameRule") : null;
  return (
    <div
      className="relative flex flex-col gap-2 rounded-lg border border-line p-2.5 pr-9"
      data-parameter={index}
    >
      <div className="flex gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-[12px] font-medium">
            {t("parameterName")}
          </label>
          <Input
            id={`${id}-name`}
            value={row.name}
            placeholder="orderId"
            aria-invalid={nameError ? true : undefined}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>
        <div className="flex w-[8.5rem] flex-col gap-1">
          <label htmlFor={`${id}-type`} className="text-[12px] font-medium">
            {t("type")}
          </label>
          <Select
            id={`${id}-type`}
            value={row.type}
            onChange={(event) => onChange({ type: event.target.value as ParameterType })}
          >
            {parameterTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {nameError ? <p className="text-[12px] text-danger-600">{nameError}</p> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-description`} className="text-[12px] font-medium">
          {t("parameterDescription")}
        </label>
        <Input
          id={`${id}-description`}
          value={row.description}
          placeholder={t("parameterDescriptionPlaceholder")}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
      {row.type === "enum" ? (
        <div className="flex flex-col gap-1">
          <span className="text-[12px] font-medium">{t("allowedValues")}</span>
          <StringListField value={row.values} onChange={(values) => onChange({ values: values ?? [] })} />
        </div>
      ) : null}
      <label className="flex items-center gap-2 text-[13px]">
        <input
          type="checkbox"
          checked={row.required}
          onChange={(event) => onChange({ required: event.target.checked })}
        />
        {t("required")}
      </label>
      <button
        type="button"
        aria-label={t("removeParameter", { name: row.name || String(index + 1) })}
        className="absolute top-2 right-2 rounded-md p-1 text-muted hover:bg-danger-50 hover:text-danger-600"
        onClick={onRemove}
      >
        <Trash2 size={14} />
      </button>
    </div>
  );
}

function RawSchema({
  value,
  validate,
  onChange,
}: {
  value: unknown;
  validate: Validate | null;
  onChange: (schema: JsonObject | undefined) => void;
}) {
  const t = useTranslations("AgentSettings");
  const id = useId();
  const [text, setText] = useState(() => (value === undefined ? "" : JSON.stringify(value, null, 2)));
  const [problems, setProblems] = useState<string[]>([]);
  const typed = useRef(text);
  useEffect(() => {
    // A change made elsewhere (the list, an undo) replaces the text unless it is what was typed.
    try {
      if (same(JSON.parse(typed.current || "null"), value)) return;
    } catch {
      // The typed text does not parse: keep it while it is being fixed.
      return;
    }
    const next = value === undefined ? "" : JSON.stringify(value, null, 2);
    typed.current = next;
    setText(next);
  }, [value]);
  const check = (next: string) => {
    typed.current = next;
    setText(next);
    if (next.trim() === "") {
      setProblems([]);
      onChange(undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(next);
    } catch (error) {
      setProblems([t("invalidJson", { message: error instanceof Error ? error.message : String(error) })]);
      return;
    }
    // Nothing is saved before the meta-schema check has loaded: the text is checked once it has.
    if (!validate) {
      setProblems([]);
      return;
    }
    const found = validate(parsed);
    setProblems(found);
    if (found.length === 0) onChange(parsed as JsonObject);
  };
  const checkRef = useRef(check);
  checkRef.current = check;
  useEffect(() => {
    if (validate && typed.current.trim() !== "") checkRef.current(typed.current);
  }, [validate]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {t("schemaAsJson")}
      </label>
      <CodeEditor
        id={id}
        value={text}
        minRows={6}
        placeholder={
          '{"type": "object", "properties": {"orderId": {"type": "string"}}, "required": ["orderId"]}'
        }
        onChange={check}
      />
      {problems.length > 0 ? (
        <ul
          role="alert"
          data-testid="schema-problems"
          className="flex flex-col gap-0.5 text-[12px] text-danger-600"
        >
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : (
        <p className="text-[12px] text-muted">{t("schemaHint")}</p>
      )}
    </div>
  );
}

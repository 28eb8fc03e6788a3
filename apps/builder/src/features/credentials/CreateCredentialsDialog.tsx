"use client";

import {
  type AnyCredentialsDefinition,
  type CredentialsRecord,
  type CredentialsType,
  credentialsTypes,
  getCredentialsDefinition,
  type NewCredentials,
} from "@parley/schemas/credentials";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import { useDefinitionTexts } from "@/i18n/useDefinitionTexts";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import {
  buildCredentialsData,
  type CredentialsFormField,
  type CredentialsFormValues,
  getCredentialsFormFields,
  getInitialCredentialsValues,
  PastedJsonError,
} from "./credentialsForm";

/**
 * Adds credentials to a workspace. With one type (from a block's picker) the form is that type's;
 * with several the type is chosen first. The form is generated from the kind's definition (its schema,
 * labels and secret fields); secrets are typed in password inputs, once, and never shown again.
 */
export function CreateCredentialsDialog({
  workspaceId,
  types,
  open,
  onOpenChange,
  onCreated,
}: {
  workspaceId: string;
  types: readonly CredentialsType[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (credentials: CredentialsRecord) => void;
}) {
  const t = useTranslations("Credentials");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<CredentialsType>(types[0] ?? credentialsTypes[0]);
  const [name, setName] = useState("");
  const [values, setValues] = useState(() => getInitialCredentialsValues(types[0] ?? credentialsTypes[0]));
  const [pastedJson, setPastedJson] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const definition = getCredentialsDefinition(type);
  const texts = useDefinitionTexts();
  const kindLabel = texts.credentialsLabel(definition);
  const pasted = texts.pastedJson(definition);
  const create = useMutation(
    trpc.credentials.createCredentials.mutationOptions({
      onSuccess: async ({ credentials }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.credentials.listCredentials.queryKey() });
        onCreated?.(credentials);
        onOpenChange(false);
        setName("");
        setValues(getInitialCredentialsValues(type));
        setPastedJson("");
      },
    }),
  );
  const chooseType = (next: CredentialsType) => {
    setType(next);
    setValues(getInitialCredentialsValues(next));
    setPastedJson("");
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    let data: Record<string, unknown>;
    try {
      data = buildCredentialsData(type, values, pastedJson);
    } catch (error) {
      setFormError(
        error instanceof PastedJsonError
          ? t("pasteWholeJson", { label: pasted?.label ?? error.label })
          : (error as Error).message,
      );
      return;
    }
    setFormError(null);
    create.mutate({
      workspaceId,
      credentials: { type, name: name.trim() || kindLabel, data } as NewCredentials,
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={types.length === 1 ? t("newOfType", { type: kindLabel }) : t("new")}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} aria-label={t("new")}>
        {types.length > 1 ? (
          <Field label={t("type")}>
            {(id) => (
              <Select
                id={id}
                value={type}
                onChange={(event) => chooseType(event.target.value as CredentialsType)}
              >
                {types.map((option) => (
                  <option key={option} value={option}>
                    {texts.credentialsLabel(getCredentialsDefinition(option))}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <Field label={t("name")} hint={t("nameHint")}>
          {(id) => (
            <Input
              id={id}
              value={name}
              placeholder={kindLabel}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        {definition.pastedJson ? (
          <Field label={pasted?.label ?? ""} hint={pasted?.hint}>
            {(id) => (
              <Textarea
                id={id}
                rows={6}
                className="font-mono text-[12px]"
                spellCheck={false}
                autoComplete="off"
                required
                placeholder={definition.pastedJson?.placeholder}
                value={pastedJson}
                onChange={(event) => setPastedJson(event.target.value)}
              />
            )}
          </Field>
        ) : (
          <CredentialsFields
            definition={definition}
            fields={getCredentialsFormFields(type)}
            values={values}
            onChange={(path, value) => setValues({ ...values, [path]: value })}
          />
        )}
        {formError || create.error ? (
          <p className="text-[13px] text-danger-600">{formError ?? getErrorMessage(create.error)}</p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>{t("cancel")}</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? t("saving") : t("save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The fields of a kind's form: groups as fieldsets, switches for booleans, password inputs for secrets. */
export function CredentialsFields({
  definition,
  fields,
  values,
  onChange,
}: {
  definition: AnyCredentialsDefinition;
  fields: CredentialsFormField[];
  values: CredentialsFormValues;
  onChange: (path: string, value: string | boolean) => void;
}) {
  const t = useTranslations("Credentials");
  const texts = useDefinitionTexts();
  return fields.map((field) => {
    const facts = texts.credentialsField(definition, field.path);
    const label = field.isOptional ? t("optional", { label: facts.label }) : facts.label;
    if (field.kind === "group")
      return (
        <fieldset key={field.path} className="flex flex-col gap-3 rounded-lg border border-line p-3">
          <legend className="px-1 text-[12px] font-semibold tracking-wide text-muted uppercase">
            {label}
          </legend>
          {facts.hint ? <p className="text-[12px] text-muted">{facts.hint}</p> : null}
          <CredentialsFields
            definition={definition}
            fields={field.fields}
            values={values}
            onChange={onChange}
          />
        </fieldset>
      );
    if (field.kind === "boolean")
      return (
        <Switch
          key={field.path}
          label={facts.label}
          checked={values[field.path] === true}
          hint={facts.hint}
          onCheckedChange={(checked) => onChange(field.path, checked)}
        />
      );
    return (
      <Field key={field.path} label={label} hint={facts.hint}>
        {(id) => (
          <Input
            id={id}
            type={field.facts.isSecret ? "password" : field.kind === "number" ? "number" : "text"}
            autoComplete={field.facts.isSecret ? "new-password" : "off"}
            required={field.isRequired}
            placeholder={field.facts.placeholder}
            value={String(values[field.path] ?? "")}
            onChange={(event) => onChange(field.path, event.target.value)}
          />
        )}
      </Field>
    );
  });
}

"use client";

import {
  type CredentialsRecord,
  type CredentialsType,
  credentialsTypes,
  type NewCredentials,
} from "@parley/schemas/credentials";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field, Input, Textarea } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import {
  buildCredentialsData,
  credentialsFields,
  credentialsTypeLabels,
  initialCredentialsValues,
} from "./credentialsForms";

/**
 * Adds credentials to a workspace. With one type (from a block's picker) the form is that type's;
 * with several the type is chosen first. Secrets are typed once and never shown again.
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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<CredentialsType>(types[0] ?? credentialsTypes[0]);
  const [name, setName] = useState("");
  const [values, setValues] = useState(() => initialCredentialsValues(types[0] ?? credentialsTypes[0]));
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation(
    trpc.credentials.createCredentials.mutationOptions({
      onSuccess: async ({ credentials }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.credentials.listCredentials.queryKey() });
        onCreated?.(credentials);
        onOpenChange(false);
        setName("");
        setValues(initialCredentialsValues(type));
      },
    }),
  );
  const chooseType = (next: CredentialsType) => {
    setType(next);
    setValues(initialCredentialsValues(next));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    let data: Record<string, unknown>;
    try {
      data = buildCredentialsData(type, values);
    } catch (error) {
      setFormError((error as Error).message);
      return;
    }
    setFormError(null);
    create.mutate({
      workspaceId,
      credentials: { type, name: name.trim() || credentialsTypeLabels[type], data } as NewCredentials,
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={types.length === 1 ? `New ${credentialsTypeLabels[type]} credentials` : "New credentials"}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} aria-label="New credentials">
        {types.length > 1 ? (
          <Field label="Type">
            {(id) => (
              <Select
                id={id}
                value={type}
                onChange={(event) => chooseType(event.target.value as CredentialsType)}
              >
                {types.map((option) => (
                  <option key={option} value={option}>
                    {credentialsTypeLabels[option]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <Field label="Name" hint="How blocks list these credentials.">
          {(id) => (
            <Input
              id={id}
              value={name}
              placeholder={credentialsTypeLabels[type]}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        {credentialsFields[type].map((field) =>
          field.kind === "boolean" ? (
            <Switch
              key={field.key}
              label={field.label}
              checked={values[field.key] === true}
              hint={field.hint}
              onCheckedChange={(checked) => setValues({ ...values, [field.key]: checked })}
            />
          ) : (
            <Field
              key={field.key}
              label={`${field.label}${field.required ? "" : " (optional)"}`}
              hint={field.hint}
            >
              {(id) =>
                field.kind === "json" ? (
                  <Textarea
                    id={id}
                    rows={6}
                    className="font-mono text-[12px]"
                    spellCheck={false}
                    autoComplete="off"
                    required={field.required}
                    placeholder={field.placeholder}
                    value={(values[field.key] as string | undefined) ?? ""}
                    onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
                  />
                ) : (
                  <Input
                    id={id}
                    type={
                      field.kind === "secret"
                        ? "password"
                        : field.kind === "number"
                          ? "number"
                          : field.kind === "email"
                            ? "email"
                            : "text"
                    }
                    autoComplete={field.kind === "secret" ? "new-password" : "off"}
                    required={field.required}
                    placeholder={field.placeholder}
                    value={(values[field.key] as string | undefined) ?? ""}
                    onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
                  />
                )
              }
            </Field>
          ),
        )}
        {formError || create.error ? (
          <p className="text-[13px] text-danger-600">{formError ?? getErrorMessage(create.error)}</p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? "Saving…" : "Save credentials"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions, NameInput } from "@/components/ui/DialogForm";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useWorkspaces } from "./WorkspaceProvider";

/** Creates a workspace (the user becomes its admin) and switches to it. */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("CreateWorkspace");
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { selectWorkspace } = useWorkspaces();
  const [name, setName] = useState("");
  const [icon, setIcon] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.workspaces.createWorkspace.mutationOptions({
      onSuccess: async ({ workspace }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.workspaces.listWorkspaces.queryKey() });
        selectWorkspace(workspace.id);
        toast.success(t("created", { name: workspace.name }));
        onOpenChange(false);
        setName("");
        setIcon("");
        router.push("/dashboard");
      },
      onError: (cause) => setError(getErrorMessage(cause)),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    create.mutate({ name: name.trim(), icon: icon.trim() || undefined });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("title")} description={t("description")}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <div className="grid grid-cols-[5rem_1fr] gap-3">
          <Field label={t("icon")} hint={t("iconHint")}>
            {(id) => (
              <Input
                id={id}
                value={icon}
                onChange={(event) => setIcon(event.target.value)}
                maxLength={8}
                placeholder="🚀"
                className="text-center"
              />
            )}
          </Field>
          <Field label={t("name")} error={error}>
            {(id) => (
              <NameInput id={id} value={name} onValueChange={setName} placeholder={t("namePlaceholder")} />
            )}
          </Field>
        </div>
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitLabel={t("submit")}
          pendingLabel={t("creating")}
          isPending={create.isPending}
          isDisabled={name.trim() === ""}
        />
      </form>
    </Dialog>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
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
        toast.success(`Workspace “${workspace.name}” created`);
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New workspace"
      description="A workspace holds bots, folders and results, shared with its members."
    >
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <div className="grid grid-cols-[5rem_1fr] gap-3">
          <Field label="Icon" hint="An emoji">
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
          <Field label="Workspace name" error={error}>
            {(id) => <NameInput id={id} value={name} onValueChange={setName} placeholder="Acme support" />}
          </Field>
        </div>
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitLabel="Create workspace"
          pendingLabel="Creating…"
          isPending={create.isPending}
          isDisabled={name.trim() === ""}
        />
      </form>
    </Dialog>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { DeleteForGoodSection } from "@/components/ui/DeleteForGoodSection";
import { Field, Input } from "@/components/ui/Field";
import { useTRPC } from "@/lib/trpc";

/** Admins delete the workspace for good, after typing its name. */
export function DeleteWorkspaceSection({ workspace }: { workspace: { id: string; name: string } }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [typedName, setTypedName] = useState("");
  const remove = useMutation(
    trpc.workspaces.deleteWorkspace.mutationOptions({
      onSuccess: async () => {
        toast.success(`Workspace “${workspace.name}” deleted`);
        router.push("/dashboard");
        // The list no longer has it, so the dashboard shows another workspace (or offers to create one).
        await queryClient.invalidateQueries({ queryKey: trpc.workspaces.listWorkspaces.queryKey() });
      },
    }),
  );
  const isConfirmed = typedName === workspace.name;

  return (
    <DeleteForGoodSection
      id="delete-workspace"
      title="Delete this workspace"
      description="Its bots, results, uploaded files, credentials and members go with it. This cannot be undone."
      buttonLabel="Delete workspace"
      dialogTitle={`Delete “${workspace.name}”?`}
      dialogDescription="Every bot of the workspace stops answering at once, and its bots, results, uploaded files, credentials, webhooks, invoices and members are deleted for good."
      submitLabel="Delete this workspace"
      deletion={remove}
      isConfirmed={isConfirmed}
      onOpen={() => setTypedName("")}
      onSubmit={() => {
        if (isConfirmed) remove.mutate({ workspaceId: workspace.id });
      }}
    >
      <Field label={`Type the workspace's name, ${workspace.name}, to confirm`}>
        {(id) => (
          <Input
            id={id}
            value={typedName}
            autoComplete="off"
            autoFocus
            onChange={(event) => setTypedName(event.target.value)}
          />
        )}
      </Field>
    </DeleteForGoodSection>
  );
}

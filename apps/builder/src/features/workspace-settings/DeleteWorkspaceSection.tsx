"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { DeleteForGoodSection } from "@/components/ui/DeleteForGoodSection";
import { Field, Input } from "@/components/ui/Field";
import { useTRPC } from "@/lib/trpc";

/** Admins delete the workspace for good, after typing its name. */
export function DeleteWorkspaceSection({ workspace }: { workspace: { id: string; name: string } }) {
  const t = useTranslations("DeleteWorkspace");
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [typedName, setTypedName] = useState("");
  const remove = useMutation(
    trpc.workspaces.deleteWorkspace.mutationOptions({
      onSuccess: async () => {
        toast.success(t("deleted", { name: workspace.name }));
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
      title={t("title")}
      description={t("description")}
      buttonLabel={t("button")}
      dialogTitle={t("dialogTitle", { name: workspace.name })}
      dialogDescription={t("dialogDescription")}
      submitLabel={t("title")}
      deletion={remove}
      isConfirmed={isConfirmed}
      onOpen={() => setTypedName("")}
      onSubmit={() => {
        if (isConfirmed) remove.mutate({ workspaceId: workspace.id });
      }}
    >
      <Field label={t("confirm", { name: workspace.name })}>
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

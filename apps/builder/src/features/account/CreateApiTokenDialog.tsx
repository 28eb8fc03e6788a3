"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions, NameInput } from "@/components/ui/DialogForm";
import { Field } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/** Asks for a name, creates the token and shows its secret this one time. */
export function CreateApiTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [createdToken, setCreatedToken] = useState<string | null>(null);
  const create = useMutation(
    trpc.apiTokens.createApiToken.mutationOptions({
      onSuccess: async ({ apiToken }) => {
        setCreatedToken(apiToken.token);
        toast.success(`Token “${apiToken.name}” created`);
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.listApiTokens.queryKey() });
      },
      onError: (cause) => setError(getErrorMessage(cause)),
    }),
  );

  function close(isOpen: boolean) {
    if (isOpen) return onOpenChange(true);
    onOpenChange(false);
    // The secret is forgotten as soon as the dialog closes.
    setCreatedToken(null);
    setName("");
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    create.mutate({ name: name.trim() });
  }

  if (createdToken) {
    return (
      <Dialog
        open={open}
        onOpenChange={close}
        title="Copy your new token"
        description="This is the only time it is shown. Store it somewhere safe, such as a password manager."
        footer={
          <Button variant="primary" onClick={() => close(false)}>
            Done
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <code
            data-testid="created-api-token"
            className="block rounded-lg border border-line bg-subtle px-3 py-2 font-mono text-[13px] break-all"
          >
            {createdToken}
          </code>
          <div className="flex items-center justify-between gap-3">
            <p className="flex items-center gap-1.5 text-[13px] text-warning-600">
              <TriangleAlert size={14} aria-hidden />
              You won’t be able to see it again.
            </p>
            <CopyButton value={createdToken} label="Copy token" copiedMessage="Token copied" />
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Create an API token">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Field label="Token name" hint="What it is for, e.g. “CI deploys” or “Zapier”." error={error}>
          {(id) => <NameInput id={id} value={name} onValueChange={setName} />}
        </Field>
        <FormActions
          onCancel={() => close(false)}
          submitLabel="Create token"
          pendingLabel="Creating…"
          isPending={create.isPending}
          isDisabled={name.trim() === ""}
        />
      </form>
    </Dialog>
  );
}

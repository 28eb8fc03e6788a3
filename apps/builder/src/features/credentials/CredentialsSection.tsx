"use client";

import type { CredentialsRecord } from "@parley/schemas/credentials";
import { credentialsTypes, getCredentialsDefinition } from "@parley/schemas/credentials";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Dialog } from "@/components/ui/Dialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { CreateCredentialsDialog } from "./CreateCredentialsDialog";

/**
 * The workspace's credentials (AI keys, SMTP accounts, Stripe keys): add, rename, delete. Secrets
 * are never shown; guests see that the section is for members.
 */
export function CredentialsSection({ workspaceId, canEdit }: { workspaceId: string; canEdit: boolean }) {
  const [isCreating, setIsCreating] = useState(false);
  return (
    <Section
      id="credentials"
      title="Credentials"
      description="API keys and accounts the bots of this workspace use. Secrets are stored encrypted and never shown again."
      actions={
        canEdit ? (
          <Button size="sm" onClick={() => setIsCreating(true)}>
            <KeyRound size={14} /> Add credentials
          </Button>
        ) : null
      }
    >
      {canEdit ? (
        <CredentialsTable workspaceId={workspaceId} />
      ) : (
        <p className="text-muted">Credentials are managed by the workspace's members.</p>
      )}
      {canEdit ? (
        <CreateCredentialsDialog
          workspaceId={workspaceId}
          types={credentialsTypes}
          open={isCreating}
          onOpenChange={setIsCreating}
          onCreated={(credentials) => toast.success(`${credentials.name} added`)}
        />
      ) : null}
    </Section>
  );
}

function CredentialsTable({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.credentials.listCredentials.queryOptions({ workspaceId }));
  const [renaming, setRenaming] = useState<CredentialsRecord | null>(null);
  const [deleting, setDeleting] = useState<CredentialsRecord | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.credentials.listCredentials.queryKey() });
  const remove = useMutation(
    trpc.credentials.deleteCredentials.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(`${deleting?.name} deleted`);
        setDeleting(null);
      },
      onError: (error) => toast.error(`Could not delete: ${getErrorMessage(error)}`),
    }),
  );
  if (list.error) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <Spinner label="Loading credentials" />;
  if (list.data.credentials.length === 0) return <p className="text-muted">No credentials yet.</p>;
  return (
    <>
      <Table aria-label="Credentials">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Type</Th>
            <Th>Added</Th>
            <Th className="w-20" />
          </tr>
        </thead>
        <tbody>
          {list.data.credentials.map((credentials) => (
            <tr key={credentials.id}>
              <Td className="font-medium">{credentials.name}</Td>
              <Td>{getCredentialsDefinition(credentials.type).label}</Td>
              <Td className="text-muted">{new Date(credentials.createdAt).toLocaleDateString()}</Td>
              <Td>
                <div className="flex justify-end gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Rename ${credentials.name}`}
                    onClick={() => setRenaming(credentials)}
                  >
                    <Pencil size={14} />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${credentials.name}`}
                    onClick={() => setDeleting(credentials)}
                  >
                    <Trash2 size={14} />
                  </Button>
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {renaming ? (
        <RenameDialog credentials={renaming} onClose={() => setRenaming(null)} onRenamed={refresh} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? "credentials"}?`}
        description="Blocks that use them will log an error until other credentials are picked."
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ credentialsId: deleting.id })}
      />
    </>
  );
}

function RenameDialog({
  credentials,
  onClose,
  onRenamed,
}: {
  credentials: CredentialsRecord;
  onClose: () => void;
  onRenamed: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [name, setName] = useState(credentials.name);
  const rename = useMutation(
    trpc.credentials.updateCredentials.mutationOptions({
      onSuccess: async () => {
        await onRenamed();
        onClose();
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate({ credentialsId: credentials.id, credentials: { name: name.trim() } });
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Rename credentials">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Field label="Name" error={rename.error ? getErrorMessage(rename.error) : undefined}>
          {(id) => <Input id={id} value={name} required onChange={(event) => setName(event.target.value)} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={rename.isPending || name.trim() === ""}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

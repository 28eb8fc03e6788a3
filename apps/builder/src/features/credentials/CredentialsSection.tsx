"use client";

import type { CredentialsRecord } from "@parley/schemas/credentials";
import { credentialsTypes, getCredentialsDefinition } from "@parley/schemas/credentials";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Dialog } from "@/components/ui/Dialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { Table, Td, Th } from "@/components/ui/Table";
import { useDefinitionTexts } from "@/i18n/useDefinitionTexts";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { CreateCredentialsDialog } from "./CreateCredentialsDialog";

/**
 * The workspace's credentials (AI keys, SMTP accounts, Stripe keys): add, rename, delete. Secrets
 * are never shown; guests see that the section is for members.
 */
export function CredentialsSection({ workspaceId, canEdit }: { workspaceId: string; canEdit: boolean }) {
  const t = useTranslations("Credentials");
  const [isCreating, setIsCreating] = useState(false);
  return (
    <Section
      id="credentials"
      title={t("title")}
      description={t("description")}
      actions={
        canEdit ? (
          <Button size="sm" onClick={() => setIsCreating(true)}>
            <KeyRound size={14} /> {t("add")}
          </Button>
        ) : null
      }
    >
      {canEdit ? (
        <CredentialsTable workspaceId={workspaceId} />
      ) : (
        <p className="text-muted">{t("membersOnly")}</p>
      )}
      {canEdit ? (
        <CreateCredentialsDialog
          workspaceId={workspaceId}
          types={credentialsTypes}
          open={isCreating}
          onOpenChange={setIsCreating}
          onCreated={(credentials) => toast.success(t("added", { name: credentials.name }))}
        />
      ) : null}
    </Section>
  );
}

function CredentialsTable({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("Credentials");
  const texts = useDefinitionTexts();
  const { date } = useDateFormat();
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
        toast.success(t("deleted", { name: deleting?.name ?? "" }));
        setDeleting(null);
      },
      onError: (error) => toast.error(t("deleteFailed", { reason: getErrorMessage(error) })),
    }),
  );
  if (list.error) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  if (!list.data) return <Spinner label={t("loading")} />;
  if (list.data.credentials.length === 0) return <p className="text-muted">{t("none")}</p>;
  return (
    <>
      <Table aria-label={t("title")}>
        <thead>
          <tr>
            <Th>{t("name")}</Th>
            <Th>{t("type")}</Th>
            <Th>{t("addedColumn")}</Th>
            <Th className="w-20" />
          </tr>
        </thead>
        <tbody>
          {list.data.credentials.map((credentials) => (
            <tr key={credentials.id}>
              <Td className="font-medium">{credentials.name}</Td>
              <Td>{texts.credentialsLabel(getCredentialsDefinition(credentials.type))}</Td>
              <Td className="text-muted">{date(new Date(credentials.createdAt).toISOString())}</Td>
              <Td>
                <div className="flex justify-end gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("rename", { name: credentials.name })}
                    onClick={() => setRenaming(credentials)}
                  >
                    <Pencil size={14} />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("delete", { name: credentials.name })}
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
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        description={t("deleteDescription")}
        confirmLabel={t("deleteConfirm")}
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
  const t = useTranslations("Credentials");
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
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t("renameTitle")}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Field label={t("name")} error={rename.error ? getErrorMessage(rename.error) : undefined}>
          {(id) => <Input id={id} value={name} required onChange={(event) => setName(event.target.value)} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" variant="primary" disabled={rename.isPending || name.trim() === ""}>
            {t("renameSubmit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

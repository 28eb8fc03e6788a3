"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { ActionsCell, ActionsTh, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { getRoles, type Role } from "./memberRoles";

type InviteLink = { id: string; role: Role; expiresAt: string | null; maxUses: number | null; uses: number };

const expiryDays = ["", "1", "7", "30"] as const;

/** Invite links of a workspace (ADMINs): anyone with one joins with its role, until it expires or is used up. */
export function InviteLinksPanel({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("InviteLinks");
  const roles = getRoles(useTranslations("Roles"));
  const dates = useDateFormat();
  const expiries = expiryDays.map((value) => ({
    value,
    label: value ? t("days", { count: Number(value) }) : t("never"),
  }));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const links = useQuery(trpc.inviteLinks.listInviteLinks.queryOptions({ workspaceId }));
  const [role, setRole] = useState<Role>("MEMBER");
  const [days, setDays] = useState<string>("7");
  const [maxUses, setMaxUses] = useState("");
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const [deleting, setDeleting] = useState<InviteLink | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.inviteLinks.listInviteLinks.queryKey({ workspaceId }) });
  const create = useMutation(
    trpc.inviteLinks.createInviteLink.mutationOptions({
      onSuccess: async ({ inviteLink }) => {
        await refresh();
        // The creation's answer always carries the link, which the list never has.
        if (inviteLink.url) setCreated({ id: inviteLink.id, url: inviteLink.url });
        toast.success(t("created"));
      },
      onError: (error) => toast.error(t("createFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const remove = useMutation(
    trpc.inviteLinks.deleteInviteLink.mutationOptions({
      onSuccess: async () => {
        await refresh();
        if (created?.id === deleting?.id) setCreated(null);
        toast.success(t("deleted"));
        setDeleting(null);
      },
      onError: (error) => toast.error(t("deleteFailed", { reason: getErrorMessage(error) })),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const expiresAt = days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : null;
    create.mutate({
      workspaceId,
      inviteLink: { role, expiresAt, maxUses: maxUses ? Number(maxUses) : null },
    });
  }

  const list = (links.data?.inviteLinks ?? []) as InviteLink[];
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">{t("title")}</h3>
      <p className="text-[13px] text-muted">{t("description")}</p>
      <form onSubmit={submit} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <Field label={t("role")}>
          {(id) => (
            <Select
              id={id}
              value={role}
              onChange={(event) => {
                const chosen = roles.find((option) => option.value === event.target.value);
                if (chosen) setRole(chosen.value);
              }}
              options={roles}
            />
          )}
        </Field>
        <Field label={t("expiresAfter")}>
          {(id) => (
            <Select
              id={id}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              options={expiries}
            />
          )}
        </Field>
        <Field label={t("maxUses")}>
          {(id) => (
            <Input
              id={id}
              type="number"
              min={1}
              max={100000}
              placeholder={t("noLimit")}
              value={maxUses}
              onChange={(event) => setMaxUses(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={create.isPending}>
          <Link2 size={14} aria-hidden />
          {t("create")}
        </Button>
      </form>
      {created ? (
        <div role="status" className="flex flex-col gap-2 sm:flex-row">
          <Input readOnly aria-label={t("newLink")} value={created.url} className="sm:flex-1" />
          <CopyButton value={created.url} label={t("copyLink")} copiedMessage={t("linkCopied")} />
        </div>
      ) : null}
      {list.length > 0 ? (
        <Table aria-label={t("title")}>
          <thead>
            <tr>
              <Th>{t("role")}</Th>
              <Th>{t("uses")}</Th>
              <Th>{t("expires")}</Th>
              <ActionsTh className="w-24" />
            </tr>
          </thead>
          <tbody>
            {list.map((link) => (
              <tr key={link.id}>
                <Td>{roles.find((option) => option.value === link.role)?.label}</Td>
                <Td>{link.maxUses === null ? link.uses : `${link.uses} / ${link.maxUses}`}</Td>
                <Td>{link.expiresAt ? dates.date(link.expiresAt) : t("never")}</Td>
                <ActionsCell>
                  <RowAction
                    isDanger
                    aria-label={t("deleteNamed", { role: link.role })}
                    onClick={() => setDeleting(link)}
                  >
                    {t("delete")}
                  </RowAction>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("deleteTitle")}
        description={t("deleteDescription")}
        confirmLabel={t("deleteConfirm")}
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ workspaceId, inviteLinkId: deleting.id })}
      />
    </div>
  );
}

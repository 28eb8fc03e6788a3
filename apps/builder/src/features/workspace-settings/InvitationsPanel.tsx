"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { ErrorState } from "@/components/ui/ErrorState";
import { Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { ActionsCell, ActionsTh, NameCell, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { getRoles, type Role } from "./memberRoles";

type Invitation = { id: string; email: string; role: Role; expiresAt: string; invitedBy: string | null };
type SentInvitation = Invitation & { url: string; emailSent: boolean };

/** ADMINs invite people by e-mail with a role, see the pending invitations, resend and revoke them. */
export function InvitationsPanel({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("Invitations");
  const roles = getRoles(useTranslations("Roles"));
  const dates = useDateFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.invitations.listInvitations.queryOptions({ workspaceId }));
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("MEMBER");
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.invitations.listInvitations.queryKey({ workspaceId }) });
  // The invite and resend answers always carry the link (`url`), which the list never has.
  const onSent = async ({
    invitation,
  }: {
    invitation: Invitation & { url?: string; emailSent?: boolean };
  }) => {
    await refresh();
    const { url } = invitation;
    if (url) setSent({ ...invitation, url, emailSent: invitation.emailSent === true });
    toast.success(
      invitation.emailSent
        ? t("emailed", { email: invitation.email })
        : t("ready", { email: invitation.email }),
    );
  };
  const invite = useMutation(
    trpc.invitations.createInvitation.mutationOptions({
      onSuccess: async (data) => {
        setEmail("");
        await onSent(data);
      },
      onError: (error) => toast.error(t("inviteFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const resend = useMutation(
    trpc.invitations.resendInvitation.mutationOptions({
      onSuccess: onSent,
      onError: (error) => toast.error(t("resendFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const revoke = useMutation(
    trpc.invitations.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        if (sent?.id === revoking?.id) setSent(null);
        toast.success(t("revoked", { email: revoking?.email ?? "" }));
        setRevoking(null);
      },
      onError: (error) => toast.error(t("revokeFailed", { reason: getErrorMessage(error) })),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate({ workspaceId, invitation: { email: email.trim(), role } });
  }

  const pending = (invitations.data?.invitations ?? []) as Invitation[];
  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
        <Input
          type="email"
          required
          aria-label={t("email")}
          placeholder={t("emailPlaceholder")}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="sm:flex-1"
        />
        <Select
          aria-label={t("role")}
          value={role}
          onChange={(event) => {
            const chosen = roles.find((option) => option.value === event.target.value);
            if (chosen) setRole(chosen.value);
          }}
          className="sm:w-36"
          options={roles}
        />
        <Button type="submit" variant="primary" disabled={invite.isPending}>
          <UserPlus size={14} aria-hidden />
          {invite.isPending ? t("inviting") : t("invite")}
        </Button>
      </form>
      <p className="text-[13px] text-muted">
        {t("help")} {t("rolesHelp")}
      </p>
      {sent ? (
        <div role="status" className="flex flex-col gap-2 rounded-card border border-line bg-subtle p-3">
          <p className="text-[13px]">
            {sent.emailSent
              ? t("sentByEmail", { email: sent.email })
              : t("sendYourself", { email: sent.email })}{" "}
            {t("worksOnce", { date: dates.date(sent.expiresAt) })}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              aria-label={t("linkFor", { email: sent.email })}
              value={sent.url}
              className="sm:flex-1"
            />
            <CopyButton value={sent.url} label={t("copyLink")} copiedMessage={t("linkCopied")} />
          </div>
        </div>
      ) : null}
      {invitations.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner label={t("loading")} />
        </div>
      ) : invitations.isError ? (
        <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} />
      ) : pending.length > 0 ? (
        <Table aria-label={t("pending")}>
          <thead>
            <tr>
              <Th>{t("invited")}</Th>
              <Th className="w-28">{t("roleColumn")}</Th>
              <ActionsTh className="w-44" />
            </tr>
          </thead>
          <tbody>
            {pending.map((invitation) => {
              const isExpired = Date.parse(invitation.expiresAt) <= Date.now();
              return (
                <tr key={invitation.id}>
                  <NameCell
                    name={invitation.email}
                    details={
                      isExpired ? (
                        <Badge tone="warning">{t("expired")}</Badge>
                      ) : (
                        t("pendingUntil", { date: dates.date(invitation.expiresAt) })
                      )
                    }
                  />
                  <Td>{roles.find((option) => option.value === invitation.role)?.label}</Td>
                  <ActionsCell>
                    <RowAction
                      aria-label={t("resendNamed", { email: invitation.email })}
                      disabled={resend.isPending}
                      onClick={() => resend.mutate({ workspaceId, invitationId: invitation.id })}
                    >
                      {t("resend")}
                    </RowAction>
                    <RowAction
                      isDanger
                      aria-label={t("revokeNamed", { email: invitation.email })}
                      onClick={() => setRevoking(invitation)}
                    >
                      {t("revoke")}
                    </RowAction>
                  </ActionsCell>
                </tr>
              );
            })}
          </tbody>
        </Table>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("revokeTitle", { email: revoking?.email ?? "" })}
        description={t("revokeDescription")}
        confirmLabel={t("revokeConfirm")}
        isPending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ workspaceId, invitationId: revoking.id })}
      />
    </div>
  );
}

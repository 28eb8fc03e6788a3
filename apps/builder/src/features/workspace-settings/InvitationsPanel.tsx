"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
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
import { type Role, roles } from "./memberRoles";

type Invitation = { id: string; email: string; role: Role; expiresAt: string; invitedBy: string | null };
type SentInvitation = Invitation & { url: string; emailSent: boolean };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** ADMINs invite people by e-mail with a role, see the pending invitations, resend and revoke them. */
export function InvitationsPanel({ workspaceId }: { workspaceId: string }) {
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
        ? `Invitation e-mailed to ${invitation.email}`
        : `Invitation ready: copy the link for ${invitation.email}`,
    );
  };
  const invite = useMutation(
    trpc.invitations.createInvitation.mutationOptions({
      onSuccess: async (data) => {
        setEmail("");
        await onSent(data);
      },
      onError: (error) => toast.error(`Could not invite: ${getErrorMessage(error)}`),
    }),
  );
  const resend = useMutation(
    trpc.invitations.resendInvitation.mutationOptions({
      onSuccess: onSent,
      onError: (error) => toast.error(`Could not resend the invitation: ${getErrorMessage(error)}`),
    }),
  );
  const revoke = useMutation(
    trpc.invitations.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        if (sent?.id === revoking?.id) setSent(null);
        toast.success(`Invitation of ${revoking?.email} revoked`);
        setRevoking(null);
      },
      onError: (error) => toast.error(`Could not revoke the invitation: ${getErrorMessage(error)}`),
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
          aria-label="Email of the person to invite"
          placeholder="colleague@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="sm:flex-1"
        />
        <Select
          aria-label="Role of the invited person"
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
          {invite.isPending ? "Inviting…" : "Invite"}
        </Button>
      </form>
      <p className="text-[13px] text-muted">
        The person joins by following the invitation link (they create their account there if they have none).{" "}
        {roles.map((r) => `${r.label}: ${r.hint.toLowerCase()}`).join(". ")}.
      </p>
      {sent ? (
        <div role="status" className="flex flex-col gap-2 rounded-card border border-line bg-subtle p-3">
          <p className="text-[13px]">
            {sent.emailSent
              ? `The link was e-mailed to ${sent.email}. You can also pass it on yourself:`
              : `This install sends no e-mail: pass this link on to ${sent.email} yourself.`}{" "}
            It works once, until {dateFormat.format(new Date(sent.expiresAt))}.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              aria-label={`Invitation link for ${sent.email}`}
              value={sent.url}
              className="sm:flex-1"
            />
            <CopyButton value={sent.url} label="Copy link" copiedMessage="Invitation link copied" />
          </div>
        </div>
      ) : null}
      {invitations.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner label="Loading invitations" />
        </div>
      ) : invitations.isError ? (
        <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} />
      ) : pending.length > 0 ? (
        <Table aria-label="Pending invitations">
          <thead>
            <tr>
              <Th>Invited</Th>
              <Th className="w-28">Role</Th>
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
                        <Badge tone="warning">Expired</Badge>
                      ) : (
                        `Pending until ${dateFormat.format(new Date(invitation.expiresAt))}`
                      )
                    }
                  />
                  <Td>{roles.find((option) => option.value === invitation.role)?.label}</Td>
                  <ActionsCell>
                    <RowAction
                      aria-label={`Resend the invitation of ${invitation.email}`}
                      disabled={resend.isPending}
                      onClick={() => resend.mutate({ workspaceId, invitationId: invitation.id })}
                    >
                      Resend
                    </RowAction>
                    <RowAction
                      isDanger
                      aria-label={`Revoke the invitation of ${invitation.email}`}
                      onClick={() => setRevoking(invitation)}
                    >
                      Revoke
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
        title={`Revoke the invitation of ${revoking?.email ?? ""}?`}
        description="Its link stops working at once."
        confirmLabel="Revoke invitation"
        isPending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ workspaceId, invitationId: revoking.id })}
      />
    </div>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Dialog } from "@/components/ui/Dialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

type BotRole = "VIEWER" | "EDITOR";
const botRoles: { value: BotRole; label: string; hint: string }[] = [
  { value: "VIEWER", label: "Viewer", hint: "Reads the bot, its results and analytics" },
  { value: "EDITOR", label: "Editor", hint: "Also edits, tests and publishes it" },
];
const isBotRole = (value: string): value is BotRole => value === "VIEWER" || value === "EDITOR";
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/**
 * Who one bot is shared with, without its workspace: add a person by e-mail as viewer or editor, change their
 * role, stop sharing, revoke a pending invitation. `canShare`: a MEMBER or ADMIN of the bot's workspace (a
 * GUEST sees the list only).
 */
export function ShareBotDialog({
  botId,
  botName,
  canShare,
  open,
  onOpenChange,
}: {
  botId: string;
  botName: string;
  canShare: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sharing = useQuery(
    trpc.collaborators.listBotCollaborators.queryOptions({ botId }, { enabled: open }),
  );
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<BotRole>("VIEWER");
  const [sent, setSent] = useState<{
    email: string;
    url: string;
    emailSent: boolean;
    expiresAt: string;
  } | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.collaborators.listBotCollaborators.queryKey({ botId }) });
  const onError = (what: string) => (error: unknown) => toast.error(`${what}: ${getErrorMessage(error)}`);
  const share = useMutation(
    trpc.collaborators.shareBot.mutationOptions({
      onSuccess: async ({ collaborator, invitation }) => {
        setEmail("");
        await refresh();
        if (collaborator) {
          setSent(null);
          toast.success(`${botName} is shared with ${collaborator.email}`);
        } else if (invitation?.url) {
          setSent({
            email: invitation.email,
            url: invitation.url,
            emailSent: invitation.emailSent === true,
            expiresAt: invitation.expiresAt,
          });
          toast.success(
            invitation.emailSent
              ? `Invitation e-mailed to ${invitation.email}`
              : `Invitation ready: copy the link for ${invitation.email}`,
          );
        }
      },
      onError: onError("Could not share the bot"),
    }),
  );
  const changeRole = useMutation(
    trpc.collaborators.updateBotCollaborator.mutationOptions({
      onSuccess: async ({ collaborator }) => {
        await refresh();
        toast.success(`${collaborator.email} is now ${collaborator.role.toLowerCase()}`);
      },
      onError: onError("Could not change the role"),
    }),
  );
  const remove = useMutation(
    trpc.collaborators.removeBotCollaborator.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Access removed");
      },
      onError: onError("Could not remove the access"),
    }),
  );
  const revoke = useMutation(
    trpc.collaborators.revokeBotInvitation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setSent(null);
        toast.success("Invitation revoked");
      },
      onError: onError("Could not revoke the invitation"),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    share.mutate({ botId, collaborator: { email: email.trim(), role } });
  }

  const collaborators = sharing.data?.collaborators ?? [];
  const invitations = sharing.data?.invitations ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Share “${botName}”`}
      description="People you add here reach this bot only, not the rest of the workspace."
      className="w-[min(92vw,560px)]"
    >
      {canShare ? (
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <Input
            type="email"
            required
            aria-label="Email of the person to share the bot with"
            placeholder="colleague@company.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="sm:flex-1"
          />
          <Select
            aria-label="Role of the person on this bot"
            value={role}
            onChange={(event) => isBotRole(event.target.value) && setRole(event.target.value)}
            className="sm:w-32"
          >
            {botRoles.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <Button type="submit" variant="primary" disabled={share.isPending}>
            <UserPlus size={14} aria-hidden />
            {share.isPending ? "Sharing…" : "Share"}
          </Button>
        </form>
      ) : null}
      <p className="text-[13px] text-muted">
        {botRoles.map((option) => `${option.label}: ${option.hint.toLowerCase()}`).join(". ")}. Someone
        outside the workspace gets an invitation link; a member of the workspace gets access at once.
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
      {sharing.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner label="Loading who the bot is shared with" />
        </div>
      ) : sharing.isError ? (
        <ErrorState error={sharing.error} onRetry={() => sharing.refetch()} />
      ) : collaborators.length === 0 && invitations.length === 0 ? (
        <p className="text-[13px] text-muted">
          This bot is not shared with anyone outside its workspace yet.
        </p>
      ) : (
        <ul aria-label="People with access to this bot" className="flex flex-col divide-y divide-line">
          {collaborators.map((person) => (
            <li key={person.userId} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{person.name ?? person.email}</span>
                {person.name ? <span className="truncate text-[12px] text-muted">{person.email}</span> : null}
              </span>
              {canShare ? (
                <>
                  <Select
                    aria-label={`Role of ${person.email}`}
                    value={person.role}
                    disabled={changeRole.isPending}
                    onChange={(event) =>
                      isBotRole(event.target.value) &&
                      changeRole.mutate({ botId, userId: person.userId, role: event.target.value })
                    }
                    className="sm:w-32"
                  >
                    {botRoles.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove the access of ${person.email}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ botId, userId: person.userId })}
                  >
                    Remove
                  </Button>
                </>
              ) : (
                <span className="text-[13px]">{person.role === "EDITOR" ? "Editor" : "Viewer"}</span>
              )}
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{invitation.email}</span>
                <span className="text-[12px] text-muted">
                  Invited as {invitation.role === "EDITOR" ? "editor" : "viewer"}, pending until{" "}
                  {dateFormat.format(new Date(invitation.expiresAt))}
                </span>
              </span>
              {canShare ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ botId, invitationId: invitation.id })}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

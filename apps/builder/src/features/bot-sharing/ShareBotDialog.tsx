"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Dialog } from "@/components/ui/Dialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";

type BotRole = "VIEWER" | "EDITOR";
const botRoleValues: BotRole[] = ["VIEWER", "EDITOR"];
const isBotRole = (value: string): value is BotRole => value === "VIEWER" || value === "EDITOR";

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
  const t = useTranslations("BotSharing");
  const { date } = useDateFormat();
  const botRoles = botRoleValues.map((value) => ({
    value,
    label: value === "EDITOR" ? t("roleEditor") : t("roleViewer"),
  }));
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
  const onError = (say: (reason: string) => string) => (error: unknown) =>
    toast.error(say(getErrorMessage(error)));
  const share = useMutation(
    trpc.collaborators.shareBot.mutationOptions({
      onSuccess: async ({ collaborator, invitation }) => {
        setEmail("");
        await refresh();
        if (collaborator) {
          setSent(null);
          toast.success(t("shared", { bot: botName, email: collaborator.email }));
        } else if (invitation?.url) {
          setSent({
            email: invitation.email,
            url: invitation.url,
            emailSent: invitation.emailSent === true,
            expiresAt: invitation.expiresAt,
          });
          toast.success(
            invitation.emailSent
              ? t("invitationEmailed", { email: invitation.email })
              : t("invitationReady", { email: invitation.email }),
          );
        }
      },
      onError: onError((reason) => t("shareFailed", { reason })),
    }),
  );
  const changeRole = useMutation(
    trpc.collaborators.updateBotCollaborator.mutationOptions({
      onSuccess: async ({ collaborator }) => {
        await refresh();
        toast.success(t("roleChanged", { email: collaborator.email, role: collaborator.role }));
      },
      onError: onError((reason) => t("roleFailed", { reason })),
    }),
  );
  const remove = useMutation(
    trpc.collaborators.removeBotCollaborator.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("accessRemoved"));
      },
      onError: onError((reason) => t("removeFailed", { reason })),
    }),
  );
  const revoke = useMutation(
    trpc.collaborators.revokeBotInvitation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setSent(null);
        toast.success(t("invitationRevoked"));
      },
      onError: onError((reason) => t("revokeFailed", { reason })),
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
      title={t("title", { bot: botName })}
      description={t("description")}
      className="w-[min(92vw,560px)]"
    >
      {canShare ? (
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <Input
            type="email"
            required
            aria-label={t("emailLabel")}
            placeholder={t("emailPlaceholder")}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="sm:flex-1"
          />
          <Select
            aria-label={t("roleLabel")}
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
            {share.isPending ? t("sharing") : t("share")}
          </Button>
        </form>
      ) : null}
      <p className="text-[13px] text-muted">{t("rolesExplained")}</p>
      {sent ? (
        <div role="status" className="flex flex-col gap-2 rounded-card border border-line bg-subtle p-3">
          <p className="text-[13px]">
            {sent.emailSent
              ? t("linkEmailed", { email: sent.email })
              : t("linkNoEmail", { email: sent.email })}{" "}
            {t("linkValidity", { date: date(sent.expiresAt) })}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              aria-label={t("invitationLinkFor", { email: sent.email })}
              value={sent.url}
              className="sm:flex-1"
            />
            <CopyButton value={sent.url} label={t("copyLink")} copiedMessage={t("linkCopied")} />
          </div>
        </div>
      ) : null}
      {sharing.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner label={t("loading")} />
        </div>
      ) : sharing.isError ? (
        <ErrorState error={sharing.error} onRetry={() => sharing.refetch()} />
      ) : collaborators.length === 0 && invitations.length === 0 ? (
        <p className="text-[13px] text-muted">{t("notShared")}</p>
      ) : (
        <ul aria-label={t("peopleWithAccess")} className="flex flex-col divide-y divide-line">
          {collaborators.map((person) => (
            <li key={person.userId} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{person.name ?? person.email}</span>
                {person.name ? <span className="truncate text-[12px] text-muted">{person.email}</span> : null}
              </span>
              {canShare ? (
                <>
                  <Select
                    aria-label={t("roleOf", { email: person.email })}
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
                    aria-label={t("removeAccessOf", { email: person.email })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ botId, userId: person.userId })}
                  >
                    {t("remove")}
                  </Button>
                </>
              ) : (
                <span className="text-[13px]">
                  {person.role === "EDITOR" ? t("roleEditor") : t("roleViewer")}
                </span>
              )}
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{invitation.email}</span>
                <span className="text-[12px] text-muted">
                  {t("invitedAs", { role: invitation.role, date: date(invitation.expiresAt) })}
                </span>
              </span>
              {canShare ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("revokeInvitationOf", { email: invitation.email })}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ botId, invitationId: invitation.id })}
                >
                  {t("revoke")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

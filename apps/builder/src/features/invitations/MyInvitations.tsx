"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { rememberWorkspace } from "../workspace/WorkspaceProvider";

/** The invitations waiting for the signed-in user's address, to accept or decline; nothing when there are none. */
export function MyInvitations() {
  const t = useTranslations("MyInvitations");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.invitations.listMyInvitations.queryOptions());
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.invitations.listMyInvitations.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workspaces.listWorkspaces.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.collaborators.listSharedBots.queryKey() }),
    ]);
  const accept = useMutation(
    trpc.invitations.acceptMyInvitation.mutationOptions({
      onSuccess: async ({ workspaceId, botId }) => {
        await refresh();
        if (botId) {
          toast.success(t("botShared"));
          return;
        }
        rememberWorkspace(workspaceId);
        toast.success(t("joined"));
      },
      onError: (error) => toast.error(t("acceptFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const decline = useMutation(
    trpc.invitations.declineMyInvitation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("declined"));
      },
      onError: (error) => toast.error(t("declineFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const list = invitations.data?.invitations ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="my-invitations-title"
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h2 id="my-invitations-title" className="flex items-center gap-2 text-base font-semibold">
        <Mail size={16} aria-hidden />
        {t("title")}
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((invitation) => {
          const what = invitation.bot ? t("whatBot", { bot: invitation.bot.name }) : invitation.workspaceName;
          return (
            <li
              key={invitation.id}
              className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="min-w-0">
                {invitation.bot
                  ? t.rich("openBot", {
                      bot: invitation.bot.name,
                      workspace: invitation.workspaceName,
                      role: invitation.bot.role,
                      strong: (chunks) => <strong>{chunks}</strong>,
                    })
                  : t.rich("joinWorkspace", {
                      workspace: invitation.workspaceName,
                      role: invitation.role,
                      strong: (chunks) => <strong>{chunks}</strong>,
                    })}
                {invitation.invitedBy ? (
                  <span className="text-muted"> {t("from", { name: invitation.invitedBy })}</span>
                ) : null}
              </p>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="primary"
                  aria-label={t("acceptLabel", { what })}
                  disabled={accept.isPending || decline.isPending}
                  onClick={() => accept.mutate({ invitationId: invitation.id })}
                >
                  {t("accept")}
                </Button>
                <Button
                  size="sm"
                  aria-label={t("declineLabel", { what })}
                  disabled={accept.isPending || decline.isPending}
                  onClick={() => decline.mutate({ invitationId: invitation.id })}
                >
                  {t("decline")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

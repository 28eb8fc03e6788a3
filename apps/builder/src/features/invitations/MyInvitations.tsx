"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { rememberWorkspace } from "../workspace/WorkspaceProvider";

const roleNames = { ADMIN: "admin", MEMBER: "member", GUEST: "guest" } as const;
const botRoleNames = { VIEWER: "viewer", EDITOR: "editor" } as const;

/** The invitations waiting for the signed-in user's address, to accept or decline; nothing when there are none. */
export function MyInvitations() {
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
          toast.success("The bot is shared with you");
          return;
        }
        rememberWorkspace(workspaceId);
        toast.success("You joined the workspace");
      },
      onError: (error) => toast.error(`Could not accept the invitation: ${getErrorMessage(error)}`),
    }),
  );
  const decline = useMutation(
    trpc.invitations.declineMyInvitation.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Invitation declined");
      },
      onError: (error) => toast.error(`Could not decline the invitation: ${getErrorMessage(error)}`),
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
        Invitations
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((invitation) => {
          const what = invitation.bot ? `the bot ${invitation.bot.name}` : invitation.workspaceName;
          return (
            <li
              key={invitation.id}
              className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
            >
              <p className="min-w-0">
                {invitation.bot ? (
                  <>
                    Open <strong>{invitation.bot.name}</strong> (a bot of {invitation.workspaceName}) as{" "}
                    {botRoleNames[invitation.bot.role]}
                  </>
                ) : (
                  <>
                    Join <strong>{invitation.workspaceName}</strong> as {roleNames[invitation.role]}
                  </>
                )}
                {invitation.invitedBy ? (
                  <span className="text-muted"> (from {invitation.invitedBy})</span>
                ) : null}
              </p>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="primary"
                  aria-label={`Accept the invitation to ${what}`}
                  disabled={accept.isPending || decline.isPending}
                  onClick={() => accept.mutate({ invitationId: invitation.id })}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  aria-label={`Decline the invitation to ${what}`}
                  disabled={accept.isPending || decline.isPending}
                  onClick={() => decline.mutate({ invitationId: invitation.id })}
                >
                  Decline
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

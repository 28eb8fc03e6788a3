"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { type JoinTexts, JoinWorkspaceView, roleNames } from "./JoinWorkspaceView";

const texts: JoinTexts = {
  checking: "Checking the link",
  goneTitle: "This invite link no longer works",
  gone: "This invite link is invalid, expired, used up or deleted. Ask the workspace's admin for a new one.",
  intro: (offer) => (
    <p>
      This link lets you join <strong>{offer.workspaceName}</strong> as {roleNames[offer.role]}.
    </p>
  ),
  joinLabel: "Join the workspace",
  alreadyHaveAccount: "Already have an account? ",
};

/** The page a workspace's invite link opens: join when signed in, else create an account or sign in, and join. */
export function InviteLinkView({ token, signedInEmail }: { token: string; signedInEmail: string | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const link = useQuery(trpc.inviteLinks.checkInviteLink.queryOptions({ token }, { retry: false }));
  return (
    <JoinWorkspaceView
      signedInEmail={signedInEmail}
      check={{ isPending: link.isPending, offer: link.data?.inviteLink }}
      join={() => client.inviteLinks.joinByInviteLink.mutate({ token })}
      signUp={(account) => client.inviteLinks.signUpWithInviteLink.mutate({ token, ...account })}
      texts={texts}
    />
  );
}

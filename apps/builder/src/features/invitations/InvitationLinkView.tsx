"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { type JoinTexts, JoinWorkspaceView, roleNames } from "./JoinWorkspaceView";

const botRoleNames = { VIEWER: "a viewer", EDITOR: "an editor" } as const;

const texts: JoinTexts = {
  checking: "Checking the invitation",
  goneTitle: "This invitation no longer works",
  gone:
    "This invitation link is invalid, expired, already used or revoked: a link works once, within 7 days. " +
    "Ask the workspace's admin to send you a new one.",
  intro: (offer) =>
    offer.bot ? (
      <p>
        <strong>{offer.bot.name}</strong>, a bot of <strong>{offer.workspaceName}</strong>, is shared with you
        as {botRoleNames[offer.bot.role]}, with the address <strong>{offer.email}</strong>. You get this bot
        only, not the workspace.
      </p>
    ) : (
      <p>
        You are invited to join <strong>{offer.workspaceName}</strong> as {roleNames[offer.role]}, with the
        address <strong>{offer.email}</strong>.
      </p>
    ),
  joinLabel: "Accept invitation",
  alreadyHaveAccount: "Already have an account with this address? ",
};

/**
 * The page an invitation link opens: the invited person creates their account (with the invited address) or
 * signs in, and joins; someone already signed in with the invited address joins with one click.
 */
export function InvitationLinkView({
  token,
  signedInEmail,
}: {
  token: string;
  signedInEmail: string | null;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const link = useQuery(trpc.invitations.checkInvitationLink.queryOptions({ token }, { retry: false }));
  return (
    <JoinWorkspaceView
      signedInEmail={signedInEmail}
      check={{ isPending: link.isPending, offer: link.data?.invitation }}
      join={() => client.invitations.acceptInvitation.mutate({ token })}
      signUp={({ password, name }) =>
        client.invitations.signUpWithInvitationLink.mutate({ token, password, name })
      }
      texts={texts}
    />
  );
}

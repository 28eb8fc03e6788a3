"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { type JoinTexts, JoinWorkspaceView } from "./JoinWorkspaceView";

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
  const t = useTranslations("InvitationLink");
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  const texts: JoinTexts = {
    checking: t("checking"),
    goneTitle: t("goneTitle"),
    gone: t("gone"),
    intro: (offer) => (
      <p>
        {offer.bot
          ? t.rich("botIntro", {
              bot: offer.bot.name,
              workspace: offer.workspaceName,
              role: offer.bot.role,
              email: offer.email ?? "",
              strong,
            })
          : t.rich("workspaceIntro", {
              workspace: offer.workspaceName,
              role: offer.role,
              email: offer.email ?? "",
              strong,
            })}
      </p>
    ),
    joinLabel: t("join"),
    alreadyHaveAccount: t("alreadyHaveAccount"),
  };
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

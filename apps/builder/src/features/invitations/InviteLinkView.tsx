"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { useTRPC, useTRPCClient } from "@/lib/trpc";
import { type JoinTexts, JoinWorkspaceView } from "./JoinWorkspaceView";

/** The page a workspace's invite link opens: join when signed in, else create an account or sign in, and join. */
export function InviteLinkView({ token, signedInEmail }: { token: string; signedInEmail: string | null }) {
  const t = useTranslations("InviteLink");
  const texts: JoinTexts = {
    checking: t("checking"),
    goneTitle: t("goneTitle"),
    gone: t("gone"),
    intro: (offer) => (
      <p>
        {t.rich("intro", {
          workspace: offer.workspaceName,
          role: offer.role,
          strong: (chunks) => <strong>{chunks}</strong>,
        })}
      </p>
    ),
    joinLabel: t("join"),
    alreadyHaveAccount: t("alreadyHaveAccount"),
  };
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

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Section } from "@/components/ui/Section";
import { ActionsCell, ActionsTh, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { describeSessionMethod, describeUserAgent } from "./describeSession";

interface ListedSession {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  method: string | null;
  ip: string | null;
  userAgent: string | null;
  ssoProvider: string | null;
  ssoProviderName: string | null;
  isCurrent: boolean;
}

/** An instant as a `<time>`: relative in words, the exact date and time on hover. */
function When({ at }: { at: string }) {
  const { dateTime, relative } = useDateFormat();
  return (
    <time dateTime={at} title={dateTime(at)}>
      {relative(at)}
    </time>
  );
}

/**
 * Account > Security > Sessions: the builder sign-ins that are live; signing out one of them (another browser,
 * a lost laptop) or all but this one.
 */
export function SessionsSection({
  sessions,
  providerNames,
}: {
  sessions: ListedSession[];
  providerNames: Map<string, string>;
}) {
  const t = useTranslations("AccountSecurity");
  const { dateTime } = useDateFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const others = sessions.filter((session) => !session.isCurrent).length;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.account.getAccountSecurity.queryKey() });
  const signOutOthers = useMutation(
    trpc.account.signOutOtherSessions.mutationOptions({
      onSuccess: async ({ signedOutSessions }) => {
        toast.success(t("signedOutOthers", { count: signedOutSessions }));
        await refresh();
      },
      onError: (error) => toast.error(t("signOutOthersFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const signOutOne = useMutation(
    trpc.account.revokeSession.mutationOptions({
      onSuccess: async () => {
        toast.success(t("sessionSignedOut"));
        await refresh();
      },
      onError: (error) => toast.error(t("signOutOneFailed", { reason: getErrorMessage(error) })),
    }),
  );
  // The names of workspaces' providers come with the sessions; the install's are the page's.
  const names = new Map(providerNames);
  for (const session of sessions)
    if (session.ssoProvider && session.ssoProviderName)
      names.set(session.ssoProvider, session.ssoProviderName);

  return (
    <Section
      id="sessions"
      title={t("sessionsTitle")}
      description={t("sessionsDescription")}
      actions={
        others > 0 ? (
          <Button size="sm" disabled={signOutOthers.isPending} onClick={() => signOutOthers.mutate({})}>
            {t("signOutOthers")}
          </Button>
        ) : null
      }
    >
      <Table aria-label={t("sessionsTitle")}>
        <thead>
          <tr>
            <Th>{t("browser")}</Th>
            <Th>{t("signedInWith")}</Th>
            <Th>{t("signedIn")}</Th>
            <Th>{t("lastActive")}</Th>
            <ActionsTh />
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const browser = describeUserAgent(session.userAgent, t);
            return (
              <tr key={session.id}>
                <Td>
                  <span className="block">
                    {browser} {session.isCurrent ? <Badge tone="brand">{t("thisBrowser")}</Badge> : null}
                  </span>
                  <span className="block text-[13px] text-muted">
                    {session.ip ?? t("addressNotRecorded")}
                  </span>
                </Td>
                <Td>{describeSessionMethod(session.method, names, t) ?? "—"}</Td>
                <Td>
                  <When at={session.createdAt} />
                </Td>
                <Td>
                  <When at={session.lastUsedAt} />
                </Td>
                <ActionsCell>
                  {session.isCurrent ? null : (
                    <RowAction
                      variant="secondary"
                      disabled={signOutOne.isPending}
                      aria-label={t("signOutSessionLabel", { browser, time: dateTime(session.createdAt) })}
                      onClick={() => signOutOne.mutate({ sessionId: session.id })}
                    >
                      {t("signOut")}
                    </RowAction>
                  )}
                </ActionsCell>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Section>
  );
}

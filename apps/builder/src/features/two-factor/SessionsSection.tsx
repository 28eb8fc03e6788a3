"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Section } from "@/components/ui/Section";
import { ActionsCell, ActionsTh, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDateTime, formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
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
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatRelativeTime(at)}
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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const others = sessions.filter((session) => !session.isCurrent).length;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.account.getAccountSecurity.queryKey() });
  const signOutOthers = useMutation(
    trpc.account.signOutOtherSessions.mutationOptions({
      onSuccess: async ({ signedOutSessions }) => {
        toast.success(
          `${signedOutSessions} other session${signedOutSessions === 1 ? " was" : "s were"} signed out.`,
        );
        await refresh();
      },
      onError: (error) => toast.error(`Could not sign out the other sessions: ${getErrorMessage(error)}`),
    }),
  );
  const signOutOne = useMutation(
    trpc.account.revokeSession.mutationOptions({
      onSuccess: async () => {
        toast.success("The session was signed out.");
        await refresh();
      },
      onError: (error) => toast.error(`Could not sign out the session: ${getErrorMessage(error)}`),
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
      title="Sessions"
      description="Where your account is signed in to the builder. Sign out a browser you no longer use or do not recognise. API tokens are listed on the Account page."
      actions={
        others > 0 ? (
          <Button size="sm" disabled={signOutOthers.isPending} onClick={() => signOutOthers.mutate({})}>
            Sign out other sessions
          </Button>
        ) : null
      }
    >
      <Table aria-label="Sessions">
        <thead>
          <tr>
            <Th>Browser</Th>
            <Th>Signed in with</Th>
            <Th>Signed in</Th>
            <Th>Last active</Th>
            <ActionsTh />
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const browser = describeUserAgent(session.userAgent);
            return (
              <tr key={session.id}>
                <Td>
                  <span className="block">
                    {browser} {session.isCurrent ? <Badge tone="brand">This browser</Badge> : null}
                  </span>
                  <span className="block text-[13px] text-muted">{session.ip ?? "Address not recorded"}</span>
                </Td>
                <Td>{describeSessionMethod(session.method, names) ?? "—"}</Td>
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
                      aria-label={`Sign out ${browser}, signed in ${formatDateTime(session.createdAt)}`}
                      onClick={() => signOutOne.mutate({ sessionId: session.id })}
                    >
                      Sign out
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

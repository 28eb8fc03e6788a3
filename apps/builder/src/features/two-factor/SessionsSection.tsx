"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Section } from "@/components/ui/Section";
import { Table, Td, Th } from "@/components/ui/Table";
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
  isCurrent: boolean;
}

/** Account > Security > Sessions: the builder sign-ins that are live, and signing out all but this one. */
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
  const signOut = useMutation(
    trpc.account.signOutOtherSessions.mutationOptions({
      onSuccess: async ({ signedOutSessions }) => {
        toast.success(
          `${signedOutSessions} other session${signedOutSessions === 1 ? " was" : "s were"} signed out.`,
        );
        await queryClient.invalidateQueries({ queryKey: trpc.account.getAccountSecurity.queryKey() });
      },
      onError: (error) => toast.error(`Could not sign out the other sessions: ${getErrorMessage(error)}`),
    }),
  );

  return (
    <Section
      id="sessions"
      title="Sessions"
      description="Where your account is signed in to the builder. API tokens are listed on the Account page."
      actions={
        others > 0 ? (
          <Button size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
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
            <Th>Last active</Th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id}>
              <Td>
                <span className="block">
                  {describeUserAgent(session.userAgent)}{" "}
                  {session.isCurrent ? <Badge tone="brand">This browser</Badge> : null}
                </span>
                <span className="block text-[13px] text-muted">{session.ip ?? "Address not recorded"}</span>
              </Td>
              <Td>{describeSessionMethod(session.method, providerNames) ?? "—"}</Td>
              <Td>
                <time dateTime={session.lastUsedAt} title={formatDateTime(session.lastUsedAt)}>
                  {formatRelativeTime(session.lastUsedAt)}
                </time>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Section>
  );
}

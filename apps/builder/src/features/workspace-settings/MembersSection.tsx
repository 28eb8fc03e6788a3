"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { ActionsCell, ActionsTh, NameCell, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { InvitationsPanel } from "./InvitationsPanel";
import { InviteLinksPanel } from "./InviteLinksPanel";
import { type Role, roles } from "./memberRoles";

type Member = { userId: string; email: string; name: string | null; role: Role };

/** Who belongs to the workspace; admins invite people by e-mail, change roles and remove. */
export function MembersSection({
  workspaceId,
  isAdmin,
  currentUserId,
}: {
  workspaceId: string;
  isAdmin: boolean;
  currentUserId: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.members.listMembers.queryOptions({ workspaceId }));
  const [removing, setRemoving] = useState<Member | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.members.listMembers.queryKey({ workspaceId }) });
  const fail = (what: string) => (error: unknown) => toast.error(`${what}: ${getErrorMessage(error)}`);
  const changeRole = useMutation(
    trpc.members.updateMemberRole.mutationOptions({
      onSuccess: async ({ member }) => {
        await refresh();
        toast.success(`${member.email} is now ${member.role.toLowerCase()}`);
      },
      onError: fail("Could not change the role"),
    }),
  );
  const remove = useMutation(
    trpc.members.removeMember.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(`${removing?.email} removed from the workspace`);
        setRemoving(null);
      },
      onError: fail("Could not remove the member"),
    }),
  );

  return (
    <Section
      id="members"
      title="Members"
      description="People with access to this workspace's bots and results."
    >
      {isAdmin ? <InvitationsPanel workspaceId={workspaceId} /> : null}
      {members.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading members" />
        </div>
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => members.refetch()} />
      ) : (
        <Table aria-label="Members">
          <thead>
            <tr>
              <Th>Member</Th>
              <Th className="w-40">Role</Th>
              <ActionsTh className="w-24" />
            </tr>
          </thead>
          <tbody>
            {(members.data.members as Member[]).map((member) => (
              <tr key={member.userId}>
                <NameCell
                  name={
                    <>
                      {member.name || member.email}
                      {member.userId === currentUserId ? (
                        <span className="font-normal text-muted"> (you)</span>
                      ) : null}
                    </>
                  }
                  details={member.name ? member.email : null}
                />
                <Td>
                  {isAdmin ? (
                    <Select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => {
                        const chosen = roles.find((option) => option.value === event.target.value);
                        if (chosen)
                          changeRole.mutate({ workspaceId, userId: member.userId, role: chosen.value });
                      }}
                      options={roles}
                    />
                  ) : (
                    roles.find((option) => option.value === member.role)?.label
                  )}
                </Td>
                <ActionsCell>
                  {isAdmin ? (
                    <RowAction
                      isDanger
                      aria-label={`Remove ${member.email}`}
                      onClick={() => setRemoving(member)}
                    >
                      Remove
                    </RowAction>
                  ) : null}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.email ?? ""}?`}
        description="They lose access to every bot and result of this workspace at once."
        confirmLabel="Remove member"
        isPending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ workspaceId, userId: removing.userId })}
      />
      {isAdmin ? <InviteLinksPanel workspaceId={workspaceId} /> : null}
    </Section>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
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
import { getRoles, type Role } from "./memberRoles";

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
  const t = useTranslations("Members");
  const roles = getRoles(useTranslations("Roles"));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.members.listMembers.queryOptions({ workspaceId }));
  const [removing, setRemoving] = useState<Member | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.members.listMembers.queryKey({ workspaceId }) });
  const fail = (what: string) => (error: unknown) =>
    toast.error(t("failed", { what, reason: getErrorMessage(error) }));
  const changeRole = useMutation(
    trpc.members.updateMemberRole.mutationOptions({
      onSuccess: async ({ member }) => {
        await refresh();
        toast.success(t("roleChanged", { email: member.email, role: member.role }));
      },
      onError: fail(t("changeRoleFailed")),
    }),
  );
  const remove = useMutation(
    trpc.members.removeMember.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("removed", { email: removing?.email ?? "" }));
        setRemoving(null);
      },
      onError: fail(t("removeFailed")),
    }),
  );

  return (
    <Section id="members" title={t("title")} description={t("description")}>
      {isAdmin ? <InvitationsPanel workspaceId={workspaceId} /> : null}
      {members.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("loading")} />
        </div>
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => members.refetch()} />
      ) : (
        <Table aria-label={t("title")}>
          <thead>
            <tr>
              <Th>{t("member")}</Th>
              <Th className="w-40">{t("role")}</Th>
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
                        <span className="font-normal text-muted"> {t("you")}</span>
                      ) : null}
                    </>
                  }
                  details={member.name ? member.email : null}
                />
                <Td>
                  {isAdmin ? (
                    <Select
                      aria-label={t("roleOf", { email: member.email })}
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
                      aria-label={t("removeNamed", { email: member.email })}
                      onClick={() => setRemoving(member)}
                    >
                      {t("remove")}
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
        title={t("removeTitle", { email: removing?.email ?? "" })}
        description={t("removeDescription")}
        confirmLabel={t("removeConfirm")}
        isPending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ workspaceId, userId: removing.userId })}
      />
      {isAdmin ? <InviteLinksPanel workspaceId={workspaceId} /> : null}
    </Section>
  );
}

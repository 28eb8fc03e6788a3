"use client";

import type { AdminWorkspace } from "@parley/schemas/management/admin";
import { plans } from "@parley/schemas/management/workspace";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Spinner } from "@/components/ui/Spinner";
import { ActionsCell, ActionsTh, NameCell, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDate } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";

type Change = {
  isSuspended?: boolean;
  isVerified?: boolean;
  plan?: AdminWorkspace["plan"];
  chatsHardLimit?: number | null;
};

/** The operators' table of workspaces and the bots held for review. */
export function AdminView() {
  const [query, setQuery] = useState("");
  const [submitted, setSubmitted] = useState("");
  return (
    <>
      <Section
        id="workspaces"
        title="Workspaces"
        description="Newest first; chats are counted in each workspace's current period."
      >
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setSubmitted(query.trim());
          }}
        >
          <Input
            type="search"
            aria-label="Search workspaces by name or id"
            placeholder="Name or id"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="sm:flex-1"
          />
          <Button type="submit">Search</Button>
        </form>
        <WorkspacesTable query={submitted} />
      </Section>
      <HeldBotsSection />
    </>
  );
}

function useRefreshAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
}

function WorkspacesTable({ query }: { query: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const list = useQuery(
    trpc.admin.listAdminWorkspaces.queryOptions({ query: query || undefined, limit: 100 }),
  );
  const update = useMutation(
    trpc.admin.updateAdminWorkspace.mutationOptions({
      onSuccess: async ({ workspace }) => {
        await refresh();
        toast.success(`${workspace.name} updated`);
      },
      onError: (error) => toast.error(`Could not update the workspace: ${getErrorMessage(error)}`),
    }),
  );
  const change = (workspaceId: string, workspace: Change) => update.mutate({ workspaceId, workspace });
  if (list.isPending)
    return (
      <div className="flex justify-center py-4">
        <Spinner label="Loading workspaces" />
      </div>
    );
  if (list.isError) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.workspaces.length === 0)
    return <EmptyState title="No workspaces">None matches this search.</EmptyState>;
  return (
    <Table aria-label="Workspaces">
      <thead>
        <tr>
          <Th>Workspace</Th>
          <Th>Chats this period</Th>
          <Th>Plan and limit</Th>
          <Th>Status</Th>
          <ActionsTh />
        </tr>
      </thead>
      <tbody>
        {list.data.workspaces.map((workspace) => (
          <tr key={workspace.id}>
            <NameCell
              name={workspace.name}
              details={`${workspace.id} · ${workspace.members} members · ${workspace.bots} bots`}
            />
            <Td className="whitespace-nowrap">
              <span data-testid={`chats-used-${workspace.id}`}>
                {workspace.chatsUsed.toLocaleString("en-US")} /{" "}
                {workspace.chatsHardLimit === null
                  ? "no limit"
                  : workspace.chatsHardLimit.toLocaleString("en-US")}
              </span>
              <div className="text-[13px] text-muted">until {formatDate(workspace.periodEnd)}</div>
            </Td>
            <Td>
              <PlanForm
                workspace={workspace}
                isPending={update.isPending}
                onSave={(plan) => change(workspace.id, plan)}
              />
            </Td>
            <Td>
              <div className="flex flex-wrap gap-1">
                {workspace.isSuspended ? (
                  <Badge tone="danger">Suspended</Badge>
                ) : (
                  <Badge tone="success">Active</Badge>
                )}
                {workspace.isVerified ? <Badge tone="brand">Verified</Badge> : null}
                {workspace.heldBots > 0 ? <Badge tone="warning">{workspace.heldBots} held</Badge> : null}
              </div>
            </Td>
            <ActionsCell>
              <RowAction
                variant={workspace.isSuspended ? "secondary" : "danger"}
                disabled={update.isPending}
                onClick={() => change(workspace.id, { isSuspended: !workspace.isSuspended })}
                aria-label={`${workspace.isSuspended ? "Unsuspend" : "Suspend"} ${workspace.name}`}
              >
                {workspace.isSuspended ? "Unsuspend" : "Suspend"}
              </RowAction>
              <RowAction
                variant="secondary"
                disabled={update.isPending}
                onClick={() => change(workspace.id, { isVerified: !workspace.isVerified })}
                aria-label={`${workspace.isVerified ? "Unverify" : "Verify"} ${workspace.name}`}
              >
                {workspace.isVerified ? "Unverify" : "Verify"}
              </RowAction>
            </ActionsCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The plan and the workspace's own hard limit (empty = the plan's). */
function PlanForm({
  workspace,
  isPending,
  onSave,
}: {
  workspace: AdminWorkspace;
  isPending: boolean;
  onSave: (change: Change) => void;
}) {
  const [plan, setPlan] = useState(workspace.plan);
  const [limit, setLimit] = useState(
    workspace.hasOwnChatsHardLimit && workspace.chatsHardLimit !== null
      ? String(workspace.chatsHardLimit)
      : "",
  );
  const limitValue = limit.trim() === "" ? null : Number(limit);
  const isValid = limitValue === null || (Number.isInteger(limitValue) && limitValue >= 0);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (isValid) onSave({ plan, chatsHardLimit: limitValue });
      }}
    >
      <Select
        aria-label={`Plan of ${workspace.name}`}
        value={plan}
        onChange={(event) => {
          const chosen = plans.find((name) => name === event.target.value);
          if (chosen) setPlan(chosen);
        }}
        className="w-36"
      >
        {plans.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        aria-label={`Own chat limit of ${workspace.name} (empty: the plan's)`}
        aria-invalid={!isValid}
        placeholder="Plan's limit"
        value={limit}
        onChange={(event) => setLimit(event.target.value)}
        className="w-32"
      />
      <Button
        type="submit"
        size="sm"
        disabled={isPending || !isValid}
        aria-label={`Save the plan of ${workspace.name}`}
      >
        Save
      </Button>
    </form>
  );
}

function HeldBotsSection() {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const held = useQuery(trpc.admin.listHeldBots.queryOptions());
  const clear = useMutation(
    trpc.admin.clearHeldBot.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success("Risk hold cleared: the bot is served again");
      },
      onError: (error) => toast.error(`Could not clear the hold: ${getErrorMessage(error)}`),
    }),
  );
  return (
    <Section
      id="held-bots"
      title="Bots held for review"
      description="Published bots whose risk level reached the threshold: they answer as closed until cleared or their workspace is verified."
    >
      {held.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading held bots" />
        </div>
      ) : held.isError ? (
        <ErrorState error={held.error} onRetry={() => held.refetch()} />
      ) : held.data.bots.length === 0 ? (
        <EmptyState title="No bot is held">Bots held at publishing appear here.</EmptyState>
      ) : (
        <Table aria-label="Bots held for review">
          <thead>
            <tr>
              <Th>Bot</Th>
              <Th>Workspace</Th>
              <Th>Risk</Th>
              <ActionsTh />
            </tr>
          </thead>
          <tbody>
            {held.data.bots.map((bot) => (
              <tr key={bot.id}>
                <NameCell name={bot.name} details={bot.publicId ?? bot.id} />
                <Td>{bot.workspaceName}</Td>
                <Td>{bot.riskLevel}</Td>
                <ActionsCell>
                  <RowAction
                    variant="secondary"
                    disabled={clear.isPending}
                    onClick={() => clear.mutate({ botId: bot.id })}
                    aria-label={`Clear hold of ${bot.name}`}
                  >
                    Clear hold
                  </RowAction>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { ActionsCell, ActionsTh, NameCell, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDate, formatDateTime, formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
import { CreateApiTokenDialog } from "./CreateApiTokenDialog";

interface ListedToken {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  scopes: string[] | null;
  workspaceId: string | null;
}

/**
 * Account > API tokens: the user's tokens with what each may do (scopes or full access, one workspace or all),
 * until when and its last use; creation (the secret shown once) and revocation.
 */
export function ApiTokensSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.listApiTokens.queryOptions());
  const workspaces = useQuery(trpc.workspaces.listWorkspaces.queryOptions());
  const workspaceName = (id: string) =>
    workspaces.data?.workspaces.find((workspace) => workspace.id === id)?.name ?? "A workspace you left";
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<ListedToken | null>(null);
  const revoke = useMutation(
    trpc.apiTokens.revokeApiToken.mutationOptions({
      onSuccess: async () => {
        toast.success(`Token “${revoking?.name}” revoked`);
        setRevoking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.listApiTokens.queryKey() });
      },
      onError: (error) => toast.error(`Could not revoke the token: ${getErrorMessage(error)}`),
    }),
  );

  return (
    <Section
      id="api-tokens"
      title="API tokens"
      description="Tokens act as you on the REST API (Authorization: Bearer bt_…). Keep them secret."
      actions={
        <Button variant="primary" size="sm" onClick={() => setIsCreating(true)}>
          <Plus size={14} aria-hidden />
          Create token
        </Button>
      }
    >
      {tokens.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading tokens" />
        </div>
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
      ) : tokens.data.apiTokens.length === 0 ? (
        <EmptyState icon={<KeyRound size={28} />} title="No API tokens yet">
          <p>Create one to call the REST API from scripts, CI or automation tools.</p>
        </EmptyState>
      ) : (
        <Table aria-label="API tokens">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Access</Th>
              <Th>Expires</Th>
              <Th>Last used</Th>
              <ActionsTh />
            </tr>
          </thead>
          <tbody>
            {tokens.data.apiTokens.map((token) => (
              <tr key={token.id}>
                <NameCell
                  name={token.name}
                  details={
                    <>
                      <div className="font-mono whitespace-nowrap">{token.prefix}…</div>
                      <div className="whitespace-nowrap">
                        Created{" "}
                        <time dateTime={token.createdAt} title={formatDateTime(token.createdAt)}>
                          {formatDate(token.createdAt)}
                        </time>
                      </div>
                    </>
                  }
                />
                <Td>
                  {token.scopes ? (
                    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
                      {token.scopes.map((scope) => (
                        <li key={scope}>
                          <Badge>{scope}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Badge tone="brand">Full access</Badge>
                  )}
                  <div className="mt-1 text-[13px] text-muted">
                    {token.workspaceId ? `Only in ${workspaceName(token.workspaceId)}` : "All workspaces"}
                  </div>
                </Td>
                <Td className="whitespace-nowrap text-muted">
                  <TokenExpiry expiresAt={token.expiresAt} />
                </Td>
                <Td className="whitespace-nowrap text-muted">
                  {token.lastUsedAt ? (
                    <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                      {formatRelativeTime(token.lastUsedAt)}
                    </time>
                  ) : (
                    "Never"
                  )}
                </Td>
                <ActionsCell>
                  <RowAction isDanger onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </RowAction>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CreateApiTokenDialog open={isCreating} onOpenChange={setIsCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Scripts using this token stop working at once. This cannot be undone."
        confirmLabel="Revoke token"
        isPending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ tokenId: revoking.id })}
      />
    </Section>
  );
}

/** A token's end: "Never", its date, or "Expired" once past (it is then refused like a revoked one). */
function TokenExpiry({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return "Never";
  const time = (
    <time dateTime={expiresAt} title={formatDateTime(expiresAt)}>
      {formatDate(expiresAt)}
    </time>
  );
  if (Date.parse(expiresAt) > Date.now()) return time;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge tone="danger">Expired</Badge>
      {time}
    </span>
  );
}

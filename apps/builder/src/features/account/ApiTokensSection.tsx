"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { Table, Td, Th } from "@/components/ui/Table";
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
}

/** Account > API tokens: the user's tokens, creation (shown once) and revocation. */
export function ApiTokensSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.listApiTokens.queryOptions());
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
              <Th>Token</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.apiTokens.map((token) => (
              <tr key={token.id}>
                <Td className="font-medium">{token.name}</Td>
                <Td className="font-mono text-[13px] whitespace-nowrap text-muted">{token.prefix}…</Td>
                <Td className="whitespace-nowrap text-muted">
                  <time dateTime={token.createdAt} title={formatDateTime(token.createdAt)}>
                    {formatDate(token.createdAt)}
                  </time>
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
                <Td className="text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger-600"
                    onClick={() => setRevoking(token)}
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </Button>
                </Td>
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

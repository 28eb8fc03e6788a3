"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { ActionsCell, ActionsTh, NameCell, RowAction, Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
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
  const t = useTranslations("ApiTokens");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.listApiTokens.queryOptions());
  const workspaces = useQuery(trpc.workspaces.listWorkspaces.queryOptions());
  const workspaceName = (id: string) =>
    workspaces.data?.workspaces.find((workspace) => workspace.id === id)?.name ?? t("leftWorkspace");
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<ListedToken | null>(null);
  const revoke = useMutation(
    trpc.apiTokens.revokeApiToken.mutationOptions({
      onSuccess: async () => {
        toast.success(t("revoked", { name: revoking?.name ?? "" }));
        setRevoking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.listApiTokens.queryKey() });
      },
      onError: (error) => toast.error(t("revokeFailed", { reason: getErrorMessage(error) })),
    }),
  );

  return (
    <Section
      id="api-tokens"
      title={t("title")}
      description={t("description")}
      actions={
        <Button variant="primary" size="sm" onClick={() => setIsCreating(true)}>
          <Plus size={14} aria-hidden />
          {t("create")}
        </Button>
      }
    >
      {tokens.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t("loading")} />
        </div>
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
      ) : tokens.data.apiTokens.length === 0 ? (
        <EmptyState icon={<KeyRound size={28} />} title={t("emptyTitle")}>
          <p>{t("empty")}</p>
        </EmptyState>
      ) : (
        <Table aria-label={t("title")}>
          <thead>
            <tr>
              <Th>{t("name")}</Th>
              <Th>{t("access")}</Th>
              <Th>{t("expires")}</Th>
              <Th>{t("lastUsed")}</Th>
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
                        {t.rich("createdOn", {
                          date: dates.date(token.createdAt),
                          time: (chunks) => (
                            <time dateTime={token.createdAt} title={dates.dateTime(token.createdAt)}>
                              {chunks}
                            </time>
                          ),
                        })}
                      </div>
                    </>
                  }
                />
                <Td>
                  {token.scopes ? (
                    <ul className="flex flex-wrap gap-1" aria-label={t("scopes")}>
                      {token.scopes.map((scope) => (
                        <li key={scope}>
                          <Badge>{scope}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Badge tone="brand">{t("fullAccess")}</Badge>
                  )}
                  <div className="mt-1 text-[13px] text-muted">
                    {token.workspaceId
                      ? t("onlyIn", { workspace: workspaceName(token.workspaceId) })
                      : t("allWorkspaces")}
                  </div>
                </Td>
                <Td className="whitespace-nowrap text-muted">
                  <TokenExpiry expiresAt={token.expiresAt} />
                </Td>
                <Td className="whitespace-nowrap text-muted">
                  {token.lastUsedAt ? (
                    <time dateTime={token.lastUsedAt} title={dates.dateTime(token.lastUsedAt)}>
                      {dates.relative(token.lastUsedAt)}
                    </time>
                  ) : (
                    t("never")
                  )}
                </Td>
                <ActionsCell>
                  <RowAction
                    isDanger
                    onClick={() => setRevoking(token)}
                    aria-label={t("revokeNamed", { name: token.name })}
                  >
                    {t("revoke")}
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
        title={t("revokeTitle", { name: revoking?.name ?? "" })}
        description={t("revokeDescription")}
        confirmLabel={t("revokeConfirm")}
        isPending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ tokenId: revoking.id })}
      />
    </Section>
  );
}

/** A token's end: "Never", its date, or "Expired" once past (it is then refused like a revoked one). */
function TokenExpiry({ expiresAt }: { expiresAt: string | null }) {
  const t = useTranslations("ApiTokens");
  const dates = useDateFormat();
  if (!expiresAt) return t("never");
  const time = (
    <time dateTime={expiresAt} title={dates.dateTime(expiresAt)}>
      {dates.date(expiresAt)}
    </time>
  );
  if (Date.parse(expiresAt) > Date.now()) return time;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge tone="danger">{t("expired")}</Badge>
      {time}
    </span>
  );
}

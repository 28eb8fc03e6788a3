"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";

interface LinkedIdentity {
  id: string;
  providerName: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Account > Security > Single sign-on: the identity providers' accounts that sign this account in, and
 * unlinking one. The last way to sign in (no password, no other identity) cannot be unlinked: the server refuses
 * it (`LAST_SIGN_IN_METHOD`) and the page says why instead of offering it.
 */
export function IdentitiesSection({
  identities,
  hasPassword,
}: {
  identities: LinkedIdentity[];
  hasPassword: boolean;
}) {
  const t = useTranslations("AccountSecurity");
  const { date } = useDateFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const unlink = useMutation(
    trpc.account.unlinkIdentity.mutationOptions({
      onSuccess: async () => {
        toast.success(t("unlinked", { provider: unlinking?.providerName ?? "" }));
        setUnlinking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.account.getAccountSecurity.queryKey() });
      },
      onError: (error) => toast.error(t("unlinkFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const isLastWayIn = !hasPassword && identities.length === 1;

  return (
    <Section id="identities" title={t("ssoTitle")} description={t("ssoDescription")}>
      {identities.length === 0 ? (
        <p className="text-muted">{t("ssoNone")}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("linkedIdentities")}>
          {identities.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-medium">{identity.providerName}</span>{" "}
                <span className="text-[13px] text-muted">
                  {identity.lastUsedAt
                    ? t("linkedOnLastUsed", {
                        date: date(identity.createdAt),
                        lastUsed: date(identity.lastUsedAt),
                      })
                    : t("linkedOn", { date: date(identity.createdAt) })}
                </span>
              </span>
              {isLastWayIn ? null : (
                <Button
                  size="sm"
                  aria-label={t("unlinkLabel", { provider: identity.providerName })}
                  onClick={() => setUnlinking(identity)}
                >
                  {t("unlink")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isLastWayIn ? <p className="mt-3 text-[13px] text-muted">{t("lastWayIn")}</p> : null}
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={t("unlinkTitle", { provider: unlinking?.providerName ?? "" })}
        description={t("unlinkDescription")}
        confirmLabel={t("unlink")}
        isPending={unlink.isPending}
        onConfirm={() => unlinking && unlink.mutate({ identityId: unlinking.id })}
      />
    </Section>
  );
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDate } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const unlink = useMutation(
    trpc.account.unlinkIdentity.mutationOptions({
      onSuccess: async () => {
        toast.success(`${unlinking?.providerName ?? "The identity"} no longer signs you in.`);
        setUnlinking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.account.getAccountSecurity.queryKey() });
      },
      onError: (error) => toast.error(`Could not unlink it: ${getErrorMessage(error)}`),
    }),
  );
  const isLastWayIn = !hasPassword && identities.length === 1;

  return (
    <Section
      id="identities"
      title="Single sign-on"
      description="Accounts at identity providers that sign you in. One is linked the first time you use it with your verified e-mail address."
    >
      {identities.length === 0 ? (
        <p className="text-muted">No single sign-on account is linked.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Linked identities">
          {identities.map((identity) => (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-medium">{identity.providerName}</span>{" "}
                <span className="text-[13px] text-muted">
                  linked {formatDate(identity.createdAt)}
                  {identity.lastUsedAt ? `, last used ${formatDate(identity.lastUsedAt)}` : ""}
                </span>
              </span>
              {isLastWayIn ? null : (
                <Button
                  size="sm"
                  aria-label={`Unlink ${identity.providerName}`}
                  onClick={() => setUnlinking(identity)}
                >
                  Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isLastWayIn ? (
        <p className="mt-3 text-[13px] text-muted">
          It is the only way your account signs in, so it cannot be unlinked. To unlink it, first set a
          password (Forgot password? on the sign-in page e-mails you a link) or link another provider.
        </p>
      ) : null}
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={`Unlink ${unlinking?.providerName ?? "this identity"}?`}
        description="It will no longer sign you in. Signing in through it again with your verified e-mail address links it again. Sessions it opened stay signed in until you sign them out."
        confirmLabel="Unlink"
        isPending={unlink.isPending}
        onConfirm={() => unlinking && unlink.mutate({ identityId: unlinking.id })}
      />
    </Section>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { IdentitiesSection } from "./IdentitiesSection";
import { SessionsSection } from "./SessionsSection";
import { TwoFactorSection } from "./TwoFactorSection";

/** The sections of Account > Security, from one read of the account's security settings. */
export function AccountSecurity({ providers }: { providers: { id: string; name: string }[] }) {
  const t = useTranslations("AccountSecurity");
  const trpc = useTRPC();
  const security = useQuery(trpc.account.getAccountSecurity.queryOptions());
  if (security.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t("loading")} />
      </div>
    );
  }
  if (security.isError) return <ErrorState error={security.error} onRetry={() => security.refetch()} />;
  const providerNames = new Map(providers.map((provider) => [provider.id, provider.name]));
  return (
    <>
      <TwoFactorSection status={security.data.twoFactor} />
      <SessionsSection sessions={security.data.sessions} providerNames={providerNames} />
      <IdentitiesSection identities={security.data.identities} hasPassword={security.data.hasPassword} />
    </>
  );
}

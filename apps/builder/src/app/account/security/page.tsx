import { listInstanceSsoProviders } from "@parley/integrations/sso/ssoProviders";
import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/AppShell";
import { PageHeader } from "@/components/ui/PageHeader";
import { AccountSecurity } from "@/features/two-factor/AccountSecurity";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("accountSecurity") };
}

export default async function AccountSecurityPage() {
  const user = await requireSignedInUser();
  const t = await getInterfaceTranslator("AccountSecurity");
  return (
    <AppShell userEmail={user.email} userName={user.name}>
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader
          title={t("title")}
          description={t("description")}
          before={
            <Link
              href="/account"
              className="w-fit text-[13px] font-medium text-muted underline hover:text-ink"
            >
              {t("backToAccount")}
            </Link>
          }
        />
        <AccountSecurity providers={listInstanceSsoProviders().map(({ id, name }) => ({ id, name }))} />
      </main>
    </AppShell>
  );
}

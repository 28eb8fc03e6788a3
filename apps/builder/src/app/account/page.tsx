import { isInstanceOperator } from "@parley/platform/admin/instanceSettings";
import { interfaceLanguages } from "@parley/schemas/management/interfaceLanguages";
import type { Metadata } from "next";
import Link from "next/link";
import { AppShell } from "@/components/AppShell";
import { PageHeader } from "@/components/ui/PageHeader";
import { Section } from "@/components/ui/Section";
import { ApiTokensSection } from "@/features/account/ApiTokensSection";
import { ChangePasswordSection } from "@/features/account/ChangePasswordSection";
import { DeleteAccountSection } from "@/features/account/DeleteAccountSection";
import { InterfaceLanguageSection } from "@/features/account/InterfaceLanguageSection";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("Account");
  return { title: t("pageTitle") };
}

export default async function AccountPage() {
  const user = await requireSignedInUser();
  const t = await getInterfaceTranslator("Account");
  return (
    <AppShell userEmail={user.email} userName={user.name}>
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader title={t("title")} description={t("description")} />
        <Section title={t("profile")}>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
            <dt className="text-muted">{t("name")}</dt>
            <dd className="min-w-0 truncate">{user.name || "—"}</dd>
            <dt className="text-muted">{t("email")}</dt>
            <dd className="min-w-0 truncate">{user.email}</dd>
          </dl>
        </Section>
        <InterfaceLanguageSection chosen={toInterfaceLanguage(user.interfaceLanguage)} />
        {isInstanceOperator(user) ? (
          <Section title={t("instanceAdministration")}>
            <p>
              {t.rich("operatorNote", {
                code: (chunks) => <code>{chunks}</code>,
                link: (chunks) => (
                  <Link href="/admin" className="font-medium text-brand-700 underline">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </Section>
        ) : null}
        <Section title={t("security")} description={t("securityDescription")}>
          <p>
            <Link href="/account/security" className="font-medium text-brand-700 underline">
              {t("manageSecurity")}
            </Link>
          </p>
        </Section>
        <ChangePasswordSection />
        <ApiTokensSection />
        <DeleteAccountSection />
      </main>
    </AppShell>
  );
}

/** The stored choice when the builder still has that language (null: the browser's). */
const toInterfaceLanguage = (stored: string | null) =>
  interfaceLanguages.find((language) => language === stored) ?? null;

import { SIGN_IN_CHALLENGE_COOKIE } from "@parley/platform/accounts/signInSession";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { SecondFactorForm } from "@/features/two-factor/SecondFactorForm";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("secondFactor") };
}

/** Asked after the password or the e-mailed link of an account with two-factor sign-in. */
export default async function SecondFactorPage() {
  if (await getSignedInUser()) redirect("/dashboard");
  // No sign-in waits for a code in this browser (or it expired with its cookie): start again.
  if (!(await cookies()).get(SIGN_IN_CHALLENGE_COOKIE)) redirect("/sign-in");
  return <SecondFactorForm />;
}

import { redirect } from "next/navigation";
import { AuthForm } from "@/components/AuthForm";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if (await getSignedInUser()) redirect("/dashboard");
  return <AuthForm mode="sign-in" />;
}

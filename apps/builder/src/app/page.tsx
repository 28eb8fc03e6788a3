import { redirect } from "next/navigation";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  redirect((await getSignedInUser()) ? "/dashboard" : "/sign-in");
}

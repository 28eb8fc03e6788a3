import type { Metadata } from "next";
import { builderEnv } from "@/env";
import { ShareView } from "@/features/share/ShareView";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Share · Parley" };

export default function BotSharePage() {
  return <ShareView viewerUrl={builderEnv.VIEWER_URL} />;
}

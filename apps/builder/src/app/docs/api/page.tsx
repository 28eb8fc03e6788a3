import type { Metadata } from "next";
import { builderEnv } from "@/env";
import { ApiReference } from "./ApiReference";

export const metadata: Metadata = { title: "API reference · Parley" };
export const dynamic = "force-dynamic";

/**
 * {base_url}/docs/api: the reference of the REST API, rendered from /api/v1/openapi.json, and of the chat
 * runtime, from {chat_url}/api/v1/openapi.json (a document picker switches between them).
 */
export default function ApiReferencePage() {
  return <ApiReference chatDocumentUrl={new URL("/api/v1/openapi.json", builderEnv.VIEWER_URL).toString()} />;
}

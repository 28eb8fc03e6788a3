import type { Metadata } from "next";
import { ApiReference } from "./ApiReference";

export const metadata: Metadata = { title: "API reference · Parley" };

/** {base_url}/docs/api: the reference of the REST API, rendered from /api/v1/openapi.json. */
export default function ApiReferencePage() {
  return <ApiReference />;
}

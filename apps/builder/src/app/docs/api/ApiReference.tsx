"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * Scalar's reference UI, bundled from node_modules (no CDN, no remote fonts, no proxy), over both documents:
 * the management API (this host's) and the chat runtime's (served by the viewer, readable from any origin).
 */
export function ApiReference({ chatDocumentUrl }: { chatDocumentUrl: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        sources: [
          { title: "Management API", slug: "management", url: "/api/v1/openapi.json", default: true },
          { title: "Chat runtime API", slug: "chat", url: chatDocumentUrl },
        ],
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        proxyUrl: "",
      }}
    />
  );
}

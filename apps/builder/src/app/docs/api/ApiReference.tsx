"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/** Scalar's reference UI, bundled from node_modules (no CDN, no remote fonts, no proxy). */
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        proxyUrl: "",
      }}
    />
  );
}

import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import {
  countSourcesInProgress,
  describeSource,
  getSourcesRefetchInterval,
  SOURCES_POLL_INTERVAL_MS,
} from "./knowledgeSourceStatus";

const english = createTranslator({ locale: "en", messages: interfaceMessages.en, namespace: "Knowledge" });
const french = createTranslator({ locale: "fr", messages: interfaceMessages.fr, namespace: "Knowledge" });

describe("the sources' live status", () => {
  it("polls while a source waits or is indexed, and stops once every one is ready or failed", () => {
    expect(getSourcesRefetchInterval(undefined)).toBe(false);
    expect(getSourcesRefetchInterval([{ status: "ready" }, { status: "pending" }])).toBe(
      SOURCES_POLL_INTERVAL_MS,
    );
    expect(getSourcesRefetchInterval([{ status: "indexing" }])).toBe(SOURCES_POLL_INTERVAL_MS);
    expect(getSourcesRefetchInterval([{ status: "ready" }, { status: "failed" }])).toBe(false);
    expect(countSourcesInProgress([{ status: "pending" }, { status: "indexing" }, { status: "ready" }])).toBe(
      2,
    );
  });

  it("describes a source by its kind, passages and last indexing", () => {
    const at = (iso: string) => `at ${iso}`;
    expect(
      describeSource({ type: "text", chunkCount: 1, lastIndexedAt: "2026-11-29T10:00:00.000Z" }, at, english),
    ).toBe("Text · 1 passage · indexed at 2026-11-29T10:00:00.000Z");
    expect(
      describeSource(
        { type: "file", chunkCount: 1200, lastIndexedAt: null, fileSize: 3 * 1024 * 1024 },
        at,
        english,
      ),
    ).toBe("File · 3 MB · 1,200 passages · never indexed");
    const sitemap = { type: "sitemap", chunkCount: 0, lastIndexedAt: null, maxPages: 100 } as const;
    expect(describeSource(sitemap, at, english)).toBe(
      "Sitemap · at most 100 pages · 0 passages · never indexed",
    );
    expect(
      describeSource(
        { type: "file", chunkCount: 1200, lastIndexedAt: null, fileSize: 3 * 1024 * 1024 },
        at,
        french,
        "fr",
      ),
    ).toBe("Fichier · 3\u202fMo · 1\u202f200 passages · jamais indexée");
  });
});

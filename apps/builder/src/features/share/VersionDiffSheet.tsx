"use client";

import type { BotChange } from "@parley/schemas";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/Badge";
import { ErrorState } from "@/components/ui/ErrorState";
import { Sheet } from "@/components/ui/Sheet";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { getCatalogueEntry } from "../editor/catalogue/blockCatalogue";

export interface VersionPair {
  /** A version number, or "draft". */
  from: string;
  to: string;
}

const kindTitles: Record<BotChange["kind"], string> = {
  group: "Groups",
  block: "Blocks",
  edge: "Connections",
  variable: "Variables",
  event: "Events",
  settings: "Settings",
  theme: "Theme",
};
const changeTones = { added: "success", removed: "danger", changed: "warning" } as const;
const changeLabels = { added: "Added", removed: "Removed", changed: "Changed" } as const;

const describeVersion = (ref: string) => (ref === "draft" ? "the draft" : `version ${ref}`);

function describeChange(change: BotChange): string {
  if (change.kind === "block") return `${getCatalogueEntry(change.label).label} block`;
  if (change.kind === "edge") return `Connection to group ${change.groupId ?? ""}`.trim();
  if (change.kind === "settings" || change.kind === "theme") return kindTitles[change.kind];
  return change.label || change.id || "";
}

/** What changed between two versions (or a version and the draft), grouped by what changed. */
export function VersionDiffSheet({
  botId,
  pair,
  onClose,
}: {
  botId: string;
  pair: VersionPair | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const diff = useQuery(
    trpc.publishing.diffBotVersions.queryOptions(
      { botId, from: pair?.from ?? "1", to: pair?.to ?? "draft" },
      { enabled: pair !== null },
    ),
  );
  const changes = diff.data?.changes ?? [];
  const kinds = Object.keys(kindTitles) as BotChange["kind"][];
  return (
    <Sheet
      open={pair !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Changes"
      description={pair ? `From ${describeVersion(pair.from)} to ${describeVersion(pair.to)}` : undefined}
    >
      {diff.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Comparing the versions" />
        </div>
      ) : diff.isError ? (
        <ErrorState error={diff.error} onRetry={() => diff.refetch()} />
      ) : changes.length === 0 ? (
        <p className="text-muted">No changes (canvas positions aside).</p>
      ) : (
        <div className="flex flex-col gap-5" data-testid="version-diff">
          {kinds.map((kind) => {
            const ofKind = changes.filter((change) => change.kind === kind);
            if (ofKind.length === 0) return null;
            return (
              <section key={kind} aria-labelledby={`diff-${kind}`} className="flex flex-col gap-2">
                <h3
                  id={`diff-${kind}`}
                  className="text-[13px] font-semibold tracking-wide text-muted uppercase"
                >
                  {kindTitles[kind]} ({ofKind.length})
                </h3>
                <ul className="flex flex-col gap-1.5">
                  {ofKind.map((change) => (
                    <li key={`${change.change}-${change.id ?? kind}`} className="flex flex-col gap-0.5">
                      <span className="flex items-center gap-2">
                        <Badge tone={changeTones[change.change]}>{changeLabels[change.change]}</Badge>
                        <span className="min-w-0 flex-1 truncate">{describeChange(change)}</span>
                      </span>
                      {change.fields.length > 0 ? (
                        <span className="pl-1 text-[12px] break-words text-muted">
                          {change.fields.join(", ")}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </Sheet>
  );
}

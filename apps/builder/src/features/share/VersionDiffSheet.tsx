"use client";

import type { BotChange } from "@parley/schemas";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { ErrorState } from "@/components/ui/ErrorState";
import { Sheet } from "@/components/ui/Sheet";
import { Spinner } from "@/components/ui/Spinner";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { useTRPC } from "@/lib/trpc";
import { useBlockLabel } from "../editor/catalogue/useBlockLabel";

export interface VersionPair {
  /** A version number, or "draft". */
  from: string;
  to: string;
}

const changeKinds = [
  "group",
  "block",
  "edge",
  "variable",
  "event",
  "settings",
  "theme",
] as const satisfies readonly BotChange["kind"][];
const changeTones = { added: "success", removed: "danger", changed: "warning" } as const;

/** The headings of each kind of change, in the interface language. */
const getKindTitles = (t: InterfaceTranslator<"VersionDiff">): Record<BotChange["kind"], string> => ({
  group: t("groups"),
  block: t("blocks"),
  edge: t("connections"),
  variable: t("variables"),
  event: t("events"),
  settings: t("settings"),
  theme: t("theme"),
});

const describeVersion = (ref: string, t: InterfaceTranslator<"VersionDiff">) =>
  ref === "draft" ? t("theDraft") : t("version", { version: ref });

function describeChange(
  change: BotChange,
  t: InterfaceTranslator<"VersionDiff">,
  blockLabel: (type: string) => string,
): string {
  if (change.kind === "block") return t("blockChange", { block: blockLabel(change.label ?? "") });
  if (change.kind === "edge") return t("connectionTo", { group: change.groupId ?? "" }).trim();
  if (change.kind === "settings" || change.kind === "theme") return getKindTitles(t)[change.kind];
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
  const t = useTranslations("VersionDiff");
  const blockLabel = useBlockLabel();
  const kindTitles = getKindTitles(t);
  const changeLabels = { added: t("added"), removed: t("removed"), changed: t("changed") } as const;
  const trpc = useTRPC();
  const diff = useQuery(
    trpc.publishing.diffBotVersions.queryOptions(
      { botId, from: pair?.from ?? "1", to: pair?.to ?? "draft" },
      { enabled: pair !== null },
    ),
  );
  const changes = diff.data?.changes ?? [];
  const kinds = changeKinds;
  return (
    <Sheet
      open={pair !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={
        pair
          ? t("fromTo", { from: describeVersion(pair.from, t), to: describeVersion(pair.to, t) })
          : undefined
      }
    >
      {diff.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t("comparing")} />
        </div>
      ) : diff.isError ? (
        <ErrorState error={diff.error} onRetry={() => diff.refetch()} />
      ) : changes.length === 0 ? (
        <p className="text-muted">{t("none")}</p>
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
                  {t("kindCount", { kind: kindTitles[kind], count: ofKind.length })}
                </h3>
                <ul className="flex flex-col gap-1.5">
                  {ofKind.map((change) => (
                    <li key={`${change.change}-${change.id ?? kind}`} className="flex flex-col gap-0.5">
                      <span className="flex items-center gap-2">
                        <Badge tone={changeTones[change.change]}>{changeLabels[change.change]}</Badge>
                        <span className="min-w-0 flex-1 truncate">
                          {describeChange(change, t, blockLabel)}
                        </span>
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

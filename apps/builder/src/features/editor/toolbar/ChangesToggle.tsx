"use client";

import { useQuery } from "@tanstack/react-query";
import { GitCompare } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { useTRPC } from "@/lib/trpc";
import { marksFromChanges } from "../canvas/canvasMarks";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";

/**
 * "Changes": marks on the canvas the groups and blocks the draft added or changed since the version chats
 * start on (refreshed after each save), and says how many other changes the canvas cannot show.
 */
export function ChangesToggle({
  botId,
  buttonClass,
}: {
  botId: string;
  buttonClass: (isActive: boolean) => string;
}) {
  const t = useTranslations("CanvasToolbar");
  const trpc = useTRPC();
  const store = useEditorStore();
  const [isOn, setOn] = useState(false);
  const savedCount = useEditor((state) => state.save.savedCount);
  const marks = useEditor((state) => (state.canvasMarks?.source === "changes" ? state.canvasMarks : null));
  const diff = useQuery({
    ...trpc.publishing.diffBotVersions.queryOptions({ botId }),
    enabled: isOn,
    retry: false,
  });
  const { refetch } = diff;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a save changes the draft the diff is read from
  useEffect(() => {
    if (isOn) void refetch();
  }, [savedCount, isOn, refetch]);

  useEffect(() => {
    if (isOn && diff.data) store.getState().setCanvasMarks(marksFromChanges(diff.data.changes));
    if (!isOn && store.getState().canvasMarks?.source === "changes") store.getState().setCanvasMarks(null);
  }, [isOn, diff.data, store]);

  const status = diff.isError
    ? t("noPublished")
    : !marks
      ? t("loading")
      : marks.byId.size === 0 && marks.elsewhere === 0
        ? t("noChanges")
        : marks.elsewhere > 0
          ? t("changesElsewhere", {
              onCanvas: marks.byId.size,
              elsewhere: marks.elsewhere,
              version: diff.data?.from ?? "",
            })
          : t("changesOnCanvas", { onCanvas: marks.byId.size, version: diff.data?.from ?? "" });
  return (
    <>
      <button type="button" aria-pressed={isOn} className={buttonClass(isOn)} onClick={() => setOn(!isOn)}>
        <GitCompare size={15} /> {t("changes")}
      </button>
      {isOn ? (
        <p
          role="status"
          data-testid="canvas-changes"
          className="flex h-8 items-center rounded-lg border border-line bg-surface px-2 text-[13px] text-muted shadow-card"
        >
          {status}
        </p>
      ) : null}
    </>
  );
}

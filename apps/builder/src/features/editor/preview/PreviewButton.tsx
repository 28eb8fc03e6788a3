"use client";

import { Play } from "lucide-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";

/** Opens (or closes) the preview drawer; the draft is saved first so the chat runs what is shown. */
export function PreviewButton({ onBeforeOpen }: { onBeforeOpen?: () => void }) {
  const t = useTranslations("Preview");
  const store = useEditorStore();
  const isOpen = useEditor((state) => state.isPreviewOpen);
  return (
    <Button
      size="sm"
      variant={isOpen ? "secondary" : "primary"}
      aria-pressed={isOpen}
      onClick={() => {
        if (!isOpen) onBeforeOpen?.();
        store.getState().setPreviewOpen(!isOpen);
      }}
    >
      <Play size={14} /> {t("title")}
    </Button>
  );
}

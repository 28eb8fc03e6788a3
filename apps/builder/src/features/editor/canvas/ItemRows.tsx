"use client";

import type { BlockSummaryContext } from "@parley/schemas";
import { Handle, Position } from "@xyflow/react";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import type { UntranslatedText } from "../languages/translatedView";
import { type EditorBlock, type EditorItem, getItemPaths, getItems } from "../store/editorDocument";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";
import { handleIds } from "./handleIds";

/** The items of a choice, picture choice, condition, AB test or cards block, each with its exit. */
export function ItemRows({
  block,
  context,
  untranslated,
}: {
  block: EditorBlock;
  context: BlockSummaryContext;
  /** The block's texts the canvas's language has not translated (none in the default language). */
  untranslated?: readonly UntranslatedText[];
}) {
  const items = getItems(block);
  const isMissing = (itemId: string) =>
    untranslated?.some((text) => text.itemId === itemId && text.status === "missing") ?? false;
  const canvas = getEditorBlockDefinition(block.type)?.canvas;
  return (
    <div className="mt-2 flex flex-col gap-1.5">
      {items.map((item) =>
        canvas?.hasItemPaths ? (
          <CardRows key={item.id} item={item} isUntranslated={isMissing(item.id)} />
        ) : (
          <Row
            key={item.id}
            handleId={handleIds.item(item.id)}
            isConnected={Boolean(item.outgoingEdgeId)}
            handleClassName="!-right-[24px]"
            isUntranslated={isMissing(item.id)}
          >
            <ItemText block={block} item={item} context={context} />
          </Row>
        ),
      )}
      {canvas?.defaultExitLabel ? (
        <div className="rounded-md border border-dashed border-line px-2.5 py-1.5 text-[13px] text-muted">
          {context.t(canvas.defaultExitLabel)}
        </div>
      ) : null}
    </div>
  );
}

function ItemText({
  block,
  item,
  context,
}: {
  block: EditorBlock;
  item: EditorItem;
  context: BlockSummaryContext;
}) {
  const t = useTranslations("Canvas");
  const canvas = getEditorBlockDefinition(block.type)?.canvas;
  const text = canvas?.getItemSummary?.(block, item, context) ?? null;
  return text ? (
    <span className="truncate">{text}</span>
  ) : (
    <span className="truncate text-faint italic">
      {canvas?.itemPlaceholder ? context.t(canvas.itemPlaceholder) : t("clickToEdit")}
    </span>
  );
}

function CardRows({ item, isUntranslated }: { item: EditorItem; isUntranslated: boolean }) {
  const t = useTranslations("Canvas");
  return (
    <div
      className={cn(
        "rounded-md border bg-subtle/60 p-1.5",
        isUntranslated ? "border-dashed border-warning-600" : "border-line",
      )}
      data-untranslated={isUntranslated || undefined}
    >
      <p className="truncate px-1 pb-1 text-[12px] font-medium text-muted">
        {("title" in item && item.title) || t("card")}
      </p>
      <div className="flex flex-col gap-1">
        {(getItemPaths(item) ?? []).map((path) => (
          <Row
            key={path.id}
            handleId={handleIds.path(path.id)}
            isConnected={Boolean(path.outgoingEdgeId)}
            handleClassName="!-right-[31px]"
          >
            <span className="truncate">{path.text || "Button"}</span>
          </Row>
        ))}
      </div>
    </div>
  );
}

function Row({
  handleId,
  isConnected,
  handleClassName,
  isUntranslated = false,
  children,
}: {
  handleId: string;
  isConnected: boolean;
  handleClassName: string;
  /** Its text is not translated in the canvas's language (the default language's is shown). */
  isUntranslated?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("CanvasLanguage");
  return (
    <div
      className={cn(
        "relative flex h-[34px] items-center rounded-md border bg-surface px-2.5 text-[13px]",
        isUntranslated
          ? "border-dashed border-warning-600"
          : isConnected
            ? "border-line-strong"
            : "border-line",
      )}
      data-untranslated={isUntranslated || undefined}
    >
      {children}
      {isUntranslated ? <span className="sr-only"> {t("itemNotTranslated")}</span> : null}
      <Handle
        type="source"
        position={Position.Right}
        id={handleId}
        className={cn("flow-handle", handleClassName)}
      />
    </div>
  );
}

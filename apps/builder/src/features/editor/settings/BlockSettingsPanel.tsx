"use client";

import { aiAgentBlock, type BlockSettingsPanel as PanelKind } from "@parley/schemas";
import { Copy, Trash2, X } from "lucide-react";
import { useTranslations } from "use-intl";
import { Field, Input } from "@/components/ui/Field";
import { BlockTestPanel } from "../../integrations/BlockTestPanel";
import { WebhookTestListener } from "../../integrations/WebhookTestListener";
import { useBlockTexts } from "../canvas/useSummaryContext";
import { BlockIcon } from "../catalogue/BlockIcon";
import { useBlockLabel } from "../catalogue/useBlockLabel";
import { createId } from "../createId";
import { deleteBlocks, duplicateBlock } from "../document/blocks";
import { TranslatingNotice } from "../languages/TranslatingNotice";
import { getTranslatedBlock } from "../languages/translatedView";
import { RichTextEditor } from "../richtext/RichTextEditor";
import { useCanvasLanguage, useDocument, useEditor, useEditorStore } from "../store/EditorStoreContext";
import { type EditorBlock, getBlockField } from "../store/editorDocument";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";
import { AgentTestRun } from "./agent/AgentTestRun";
import { ItemsEditor } from "./ItemsEditor";
import { OptionsForm } from "./OptionsForm";
import { BotLinkFields, JumpFields } from "./TargetFields";
import { UnsupportedFields } from "./UnsupportedFields";
import { useBlockUpdater } from "./useBlockUpdater";

/** The settings of the opened block, in a panel at the right of the canvas. */
export function BlockSettingsPanel() {
  const t = useTranslations("BlockSettings");
  const blockLabel = useBlockLabel();
  const store = useEditorStore();
  const blockId = useEditor((state) => state.openedBlockId);
  const language = useCanvasLanguage();
  // In another language, the block as that language reads it: its texts are edited as translations.
  const block = useDocument((doc) => (blockId ? getTranslatedBlock(doc, language, blockId) : null));
  if (!block) return null;
  const label = blockLabel(block.type);
  const close = () => store.getState().openBlock(null);
  const duplicate = () => store.getState().apply((doc) => duplicateBlock(doc, block.id, createId));
  return (
    <aside
      aria-label={t("panelLabel", { block: label })}
      data-testid="block-settings"
      className="pointer-events-auto flex w-[380px] shrink-0 flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-popover"
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <header className="flex items-center gap-2.5 border-b border-line px-4 py-3">
        <BlockIcon type={block.type} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{label}</h2>
          <p className="truncate text-[12px] text-muted">{block.type}</p>
        </div>
        <HeaderButton label={t("duplicate")} onClick={duplicate}>
          <Copy size={15} />
        </HeaderButton>
        <HeaderButton
          label={t("delete")}
          danger
          onClick={() => store.getState().apply((doc) => deleteBlocks(doc, [block.id]))}
        >
          <Trash2 size={15} />
        </HeaderButton>
        <HeaderButton label={t("close")} onClick={close}>
          <X size={16} />
        </HeaderButton>
      </header>
      <div className="flex flex-1 flex-col gap-5 overflow-y-auto px-4 py-4">
        {language ? <TranslatingNotice block={block} language={language} /> : null}
        <BlockFields key={`${block.id}:${language ?? ""}`} block={block} />
        <NoteField block={block} />
      </div>
    </aside>
  );
}

/** The body of the panel for each kind of panel a block definition asks for (`settings.panel`). */
const panels: Record<PanelKind, (props: { block: EditorBlock }) => React.ReactNode> = {
  form: FormFields,
  richText: RichTextFields,
  jumpTarget: JumpFields,
  botLinkTarget: BotLinkFields,
  none: NothingToSet,
  readOnly: UnsupportedFields,
};

function BlockFields({ block }: { block: EditorBlock }) {
  const Panel = panels[getEditorBlockDefinition(block.type)?.settings?.panel ?? "form"];
  return <Panel block={block} />;
}

function NothingToSet({ block }: { block: EditorBlock }) {
  const t = useTranslations("BlockSettings");
  const blockTexts = useBlockTexts();
  const description = getEditorBlockDefinition(block.type)?.settings?.description;
  return (
    <p className="text-muted">
      {description ? `${blockTexts(description)} ${t("nothingToSet")}` : t("nothingToSet")}
    </p>
  );
}

function RichTextFields({ block }: { block: EditorBlock }) {
  const { updateField } = useBlockUpdater(block.id);
  return (
    <RichTextEditor
      value={getBlockField(block, "content")?.richText}
      onChange={(richText) => updateField("content", [], { richText })}
    />
  );
}

/** A form generated from the schema: the items first, then the options (a bubble's content). */
function FormFields({ block }: { block: EditorBlock }) {
  const definition = getEditorBlockDefinition(block.type);
  return (
    <>
      {definition?.settings?.items ? <ItemsEditor block={block} /> : null}
      <OptionsForm block={block} field={definition?.category === "bubble" ? "content" : "options"} />
      {definition?.settings?.isTestable ? <BlockTestPanel block={block} /> : null}
      {definition?.settings?.hasTestCallListener ? <WebhookTestListener blockId={block.id} /> : null}
      {block.type === aiAgentBlock.type ? <AgentTestRun block={block} /> : null}
    </>
  );
}

function NoteField({ block }: { block: EditorBlock }) {
  const t = useTranslations("BlockSettings");
  const { setLabel } = useBlockUpdater(block.id);
  return (
    <Field label={t("note")} className="mt-auto border-t border-line pt-4">
      {(id) => (
        <Input
          id={id}
          value={block.label ?? ""}
          placeholder={t("notePlaceholder")}
          onChange={(event) => setLabel(event.target.value)}
        />
      )}
    </Field>
  );
}

function HeaderButton({
  label,
  danger,
  onClick,
  children,
}: {
  label: string;
  danger?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={
        danger
          ? "rounded-md p-1.5 text-muted hover:bg-danger-50 hover:text-danger-600"
          : "rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink"
      }
    >
      {children}
    </button>
  );
}

"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { createId } from "../createId";
import { deleteCardPath, deleteItem, insertItem, moveItem } from "../document/items";
import { useEditorStore } from "../store/EditorStoreContext";
import { type EditorBlock, type EditorItem, getItemPaths, getItems } from "../store/editorDocument";
import { getEditorBlockDefinition } from "../store/getEditorBlockDefinition";
import { type FormContext, SchemaField } from "./form/SchemaField";
import { describeSchema, type FieldKind } from "./form/schemaIntrospection";
import { TextField } from "./form/TextField";
import { useBlockUpdater } from "./useBlockUpdater";

/**
 * The items of a choice, picture choice, condition or cards block: each edited with the
 * fields of its schema, added, removed (with its edge) and reordered.
 */
export function ItemsEditor({ block }: { block: EditorBlock }) {
  const t = useTranslations("ItemsEditor");
  const store = useEditorStore();
  const { updateItemField } = useBlockUpdater(block.id);
  const definition = getEditorBlockDefinition(block.type);
  const element = useMemo(() => {
    const items = definition?.schema.shape.items;
    const kind = items ? describeSchema(items) : null;
    return kind?.kind === "array" && kind.element.kind === "object" ? kind.element : null;
  }, [definition]);
  const itemKind = definition?.settings?.items;
  if (!element || !itemKind) return null;
  const items = getItems(block);
  const { name } = itemKind;
  const texts = getItemTexts(t, name);
  const hasPaths = definition?.canvas?.hasItemPaths === true;
  const apply = store.getState().apply;
  return (
    <div className="flex flex-col gap-3" data-testid="items-editor">
      {items.map((item, index) => (
        <div
          key={item.id}
          className="flex flex-col gap-3 rounded-lg border border-line p-3"
          data-testid="item-editor"
        >
          <div className="flex items-center justify-between">
            <span className="text-[12px] font-semibold tracking-wide text-muted uppercase">
              {texts.heading(index)}
            </span>
            <div className="flex items-center">
              <IconButton
                label={t("moveUp", { item: texts.heading(index) })}
                disabled={index === 0}
                onClick={() => apply((doc) => moveItem(doc, block.id, index, index - 1))}
              >
                <ArrowUp size={14} />
              </IconButton>
              <IconButton
                label={t("moveDown", { item: texts.heading(index) })}
                disabled={index === items.length - 1}
                onClick={() => apply((doc) => moveItem(doc, block.id, index, index + 1))}
              >
                <ArrowDown size={14} />
              </IconButton>
              <IconButton
                label={t("delete", { item: texts.heading(index) })}
                disabled={items.length === 1}
                onClick={() => apply((doc) => deleteItem(doc, block.id, item.id))}
              >
                <Trash2 size={14} />
              </IconButton>
            </div>
          </div>
          <ItemFields
            block={block}
            item={item}
            element={element}
            onChange={(path, value) => updateItemField(item.id, path, value)}
          />
          {hasPaths ? <CardPaths block={block} item={item} /> : null}
        </div>
      ))}
      <Button
        size="sm"
        className="self-start"
        onClick={() => apply((doc) => insertItem(doc, block.id, itemKind.create(createId)))}
      >
        <Plus size={14} /> {texts.add}
      </Button>
    </div>
  );
}

function ItemFields({
  block,
  item,
  element,
  onChange,
}: {
  block: EditorBlock;
  item: EditorItem;
  element: Extract<FieldKind, { kind: "object" }>;
  onChange: FormContext["onChange"];
}) {
  const context: FormContext = { blockType: `${block.type} item`, root: item, defaults: {}, onChange };
  return (
    <>
      {element.fields
        .filter(([key]) => key !== "paths")
        .map(([key, kind]) => (
          <SchemaField key={key} name={key} kind={kind} path={[key]} context={context} />
        ))}
    </>
  );
}

/**
 * The heading of each item and the add button of a block's item kind (`settings.items.name` of its definition:
 * button, picture, card, condition, path), in the interface language.
 */
function getItemTexts(t: InterfaceTranslator<"ItemsEditor">, name: string) {
  switch (name) {
    case "button":
      return { heading: (index: number) => t("buttonHeading", { number: index + 1 }), add: t("addButton") };
    case "picture":
      return { heading: (index: number) => t("pictureHeading", { number: index + 1 }), add: t("addPicture") };
    case "card":
      return { heading: (index: number) => t("cardHeading", { number: index + 1 }), add: t("addCard") };
    case "condition":
      return { heading: (index: number) => (index === 0 ? t("if") : t("elseIf")), add: t("addBranch") };
    case "path":
      return { heading: (index: number) => t("pathHeading", { number: index + 1 }), add: t("addPath") };
    default:
      return { heading: (index: number) => t("itemHeading", { number: index + 1 }), add: t("addItem") };
  }
}

function CardPaths({ block, item }: { block: EditorBlock; item: EditorItem }) {
  const t = useTranslations("ItemsEditor");
  const store = useEditorStore();
  const { changeBlock } = useBlockUpdater(block.id);
  const paths = getItemPaths(item) ?? [];
  const apply = store.getState().apply;
  // Through the block updater: a button's text written in another language is its translation.
  const setPaths = (next: typeof paths) =>
    changeBlock(
      (current) =>
        ({
          ...current,
          items: getItems(current).map((candidate) =>
            candidate.id === item.id ? { ...candidate, paths: next } : candidate,
          ),
        }) as EditorBlock,
      `${block.id}:paths:${item.id}`,
    );
  return (
    <div className="flex flex-col gap-2">
      <span className="text-[13px] font-medium">{t("cardButtons")}</span>
      {paths.map((path, index) => (
        <div key={path.id} className="flex items-center gap-2">
          <div className="flex-1">
            <TextField
              value={path.text ?? ""}
              placeholder={t("buttonText")}
              onChange={(text) =>
                setPaths(
                  paths.map((candidate, position) =>
                    position === index ? { ...candidate, text } : candidate,
                  ),
                )
              }
            />
          </div>
          <IconButton
            label={t("deleteCardButton")}
            disabled={paths.length === 1}
            onClick={() => apply((doc) => deleteCardPath(doc, block.id, item.id, path.id))}
          >
            <Trash2 size={14} />
          </IconButton>
        </div>
      ))}
      <Button
        size="sm"
        className="self-start"
        onClick={() => setPaths([...paths, { id: createId(), text: "" }])}
      >
        <Plus size={14} /> {t("addCardButton")}
      </Button>
    </div>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-md p-1 text-muted hover:bg-subtle hover:text-ink disabled:opacity-30 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}

"use client";

import { Bold, Italic, Link2, Underline } from "lucide-react";
import { Popover } from "radix-ui";
import { type KeyboardEvent, useCallback, useMemo, useRef, useState } from "react";
import { createEditor, type Descendant } from "slate";
import {
  Editable,
  type RenderElementProps,
  type RenderLeafProps,
  Slate,
  useSlate,
  withReact,
} from "slate-react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import { InsertVariableButton } from "../variables/InsertVariableButton";
import {
  getInitialValue,
  insertVariable,
  isLinkActive,
  isMarkActive,
  type Mark,
  setLink,
  toggleMark,
  withInlines,
} from "./richTextCommands";

const hotkeys: Record<string, Mark> = { b: "bold", i: "italic", u: "underline" };

/**
 * The text bubble editor: paragraphs with bold, italic, underline, links and `{{variable}}`
 * insertion, producing the Slate-style `richText` nodes of the schema. `onChange` receives
 * the nodes after every edit; a new `value` from outside (undo, redo) resets the editor.
 */
export function RichTextEditor({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (value: Descendant[]) => void;
}) {
  const emitted = useRef<unknown>(value);
  const [generation, setGeneration] = useState(0);
  if (value !== emitted.current) {
    emitted.current = value;
    setGeneration((current) => current + 1);
  }
  return (
    <EditorInstance
      key={generation}
      initialValue={getInitialValue(value)}
      onChange={(next) => {
        emitted.current = next;
        onChange(next);
      }}
    />
  );
}

function EditorInstance({
  initialValue,
  onChange,
}: {
  initialValue: Descendant[];
  onChange: (value: Descendant[]) => void;
}) {
  const t = useTranslations("RichText");
  const editor = useMemo(() => withInlines(withReact(createEditor())), []);
  const renderElement = useCallback((props: RenderElementProps) => <ElementView {...props} />, []);
  const renderLeaf = useCallback((props: RenderLeafProps) => <LeafView {...props} />, []);
  const onKeyDown = (event: KeyboardEvent) => {
    const mark = hotkeys[event.key.toLowerCase()];
    if ((event.metaKey || event.ctrlKey) && mark) {
      event.preventDefault();
      toggleMark(editor, mark);
    }
  };
  return (
    <Slate
      editor={editor}
      initialValue={initialValue}
      onChange={(next) => {
        if (editor.operations.some((operation) => operation.type !== "set_selection")) onChange(next);
      }}
    >
      <div className="rounded-lg border border-line bg-surface focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-100">
        <Toolbar />
        <Editable
          aria-label={t("message")}
          data-testid="rich-text-editor"
          placeholder={t("placeholder")}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={onKeyDown}
          className="min-h-28 px-3 py-2.5 text-[14px] leading-relaxed outline-none [&_p+p]:mt-2"
        />
      </div>
    </Slate>
  );
}

function Toolbar() {
  const t = useTranslations("RichText");
  const editor = useSlate();
  const marks: { mark: Mark; label: string; icon: typeof Bold }[] = [
    { mark: "bold", label: t("bold"), icon: Bold },
    { mark: "italic", label: t("italic"), icon: Italic },
    { mark: "underline", label: t("underline"), icon: Underline },
  ];
  return (
    <div
      className="flex items-center gap-0.5 border-b border-line px-1.5 py-1"
      role="toolbar"
      aria-label={t("formatting")}
    >
      {marks.map(({ mark, label, icon: Icon }) => (
        <button
          key={mark}
          type="button"
          aria-label={label}
          aria-pressed={isMarkActive(editor, mark)}
          onMouseDown={(event) => {
            event.preventDefault();
            toggleMark(editor, mark);
          }}
          className={cn(
            "flex h-7 w-7 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-ink",
            isMarkActive(editor, mark) && "bg-brand-50 text-brand-700",
          )}
        >
          <Icon size={15} />
        </button>
      ))}
      <LinkButton />
      <div className="ml-auto">
        <InsertVariableButton onInsert={(token) => insertVariable(editor, token)} />
      </div>
    </div>
  );
}

function LinkButton() {
  const t = useTranslations("RichText");
  const editor = useSlate();
  const [url, setUrl] = useState("");
  const [isOpen, setOpen] = useState(false);
  const selection = useRef(editor.selection);
  const apply = (next: string) => {
    if (selection.current) editor.select(selection.current);
    setLink(editor, next.trim());
    setOpen(false);
  };
  return (
    <Popover.Root
      open={isOpen}
      onOpenChange={(open) => {
        if (open) {
          selection.current = editor.selection;
          setUrl("");
        }
        setOpen(open);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={t("link")}
          aria-pressed={isLinkActive(editor)}
          onMouseDown={(event) => event.preventDefault()}
          className={cn(
            "flex h-7 w-7 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-ink",
            isLinkActive(editor) && "bg-brand-50 text-brand-700",
          )}
        >
          <Link2 size={15} />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={4}
          className="z-50 flex w-72 flex-col gap-2 rounded-lg border border-line bg-surface p-2 shadow-popover"
        >
          <input
            aria-label={t("linkUrl")}
            placeholder="https://…"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                apply(url);
              }
            }}
            className="h-8 rounded-md border border-line px-2 text-[13px] focus:border-brand-500 focus:outline-none"
          />
          <div className="flex justify-end gap-1.5">
            {isLinkActive(editor) ? (
              <Button size="sm" variant="ghost" onClick={() => apply("")}>
                {t("removeLink")}
              </Button>
            ) : null}
            <Button size="sm" variant="primary" onClick={() => apply(url)}>
              {t("apply")}
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function ElementView({ attributes, children, element }: RenderElementProps) {
  if (element.type === "a")
    return (
      <a
        {...attributes}
        href={element.url}
        className="text-brand-700 underline"
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </a>
    );
  return <p {...attributes}>{children}</p>;
}

function LeafView({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  return <span {...attributes}>{content}</span>;
}

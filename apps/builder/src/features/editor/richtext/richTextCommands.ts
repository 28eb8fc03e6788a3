import { createEditor, type Descendant, Editor, Element, Range, Transforms } from "slate";

export type Mark = "bold" | "italic" | "underline";

/** Slate's node shapes, which are exactly the schema's rich text nodes. */
export interface ParagraphNode {
  type: "p";
  children: Descendant[];
}
export interface LinkNode {
  type: "a";
  url: string;
  children: Descendant[];
}
export interface TextLeaf {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

declare module "slate" {
  interface CustomTypes {
    Element: ParagraphNode | LinkNode | { type: string; url?: string; children: Descendant[] };
    Text: TextLeaf;
  }
}

/** Links are inline elements (inside a paragraph's text). */
export function withInlines<T extends Editor>(editor: T): T {
  const { isInline } = editor;
  editor.isInline = (element) => element.type === "a" || isInline(element);
  return editor;
}

/** A headless editor over the given value (tests, conversions). */
export function createRichTextEditor(value: Descendant[]) {
  const editor = withInlines(createEditor());
  editor.children = value;
  return editor;
}

/** What a text bubble starts with: one empty paragraph. */
export function getInitialValue(richText: unknown): Descendant[] {
  return Array.isArray(richText) && richText.length > 0
    ? (richText as Descendant[])
    : [{ type: "p", children: [{ text: "" }] }];
}

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

/** Bold, italic or underline on the selection (or for what is typed next). */
export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

export function isLinkActive(editor: Editor): boolean {
  const [link] = Editor.nodes(editor, { match: (node) => Element.isElement(node) && node.type === "a" });
  return Boolean(link);
}

/** Turns the selection into a link to `url` (or inserts the URL as a link at the caret); an empty url removes it. */
export function setLink(editor: Editor, url: string): void {
  if (isLinkActive(editor))
    Transforms.unwrapNodes(editor, { match: (node) => Element.isElement(node) && node.type === "a" });
  if (!url || !editor.selection) return;
  const link: LinkNode = { type: "a", url, children: [] };
  if (Range.isCollapsed(editor.selection))
    Transforms.insertNodes(editor, { ...link, children: [{ text: url }] });
  else {
    Transforms.wrapNodes(editor, link, { split: true });
    Transforms.collapse(editor, { edge: "end" });
  }
}

/** Inserts `{{Name}}` at the caret. */
export function insertVariable(editor: Editor, token: string): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  Transforms.insertText(editor, token);
}

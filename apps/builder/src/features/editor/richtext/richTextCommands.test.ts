import { Editor, Transforms } from "slate";
import { describe, expect, it } from "vitest";
import {
  createRichTextEditor,
  getInitialValue,
  insertVariable,
  setLink,
  toggleMark,
} from "./richTextCommands";

const hello = () => createRichTextEditor([{ type: "p", children: [{ text: "Hello world" }] }]);

describe("rich text commands", () => {
  it("bolds, italicises and underlines the selection as Slate-style leaves", () => {
    const editor = hello();
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 6 }, focus: { path: [0, 0], offset: 11 } });
    toggleMark(editor, "bold");
    toggleMark(editor, "underline");
    expect(editor.children).toEqual([
      { type: "p", children: [{ text: "Hello " }, { text: "world", bold: true, underline: true }] },
    ]);
    toggleMark(editor, "bold");
    expect(editor.children).toEqual([
      { type: "p", children: [{ text: "Hello " }, { text: "world", underline: true }] },
    ]);
  });

  it("wraps the selection in a link and removes it again", () => {
    const editor = hello();
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 5 } });
    setLink(editor, "https://example.com");
    Editor.normalize(editor, { force: true });
    expect(editor.children).toEqual([
      {
        type: "p",
        children: [
          { text: "" },
          { type: "a", url: "https://example.com", children: [{ text: "Hello" }] },
          { text: " world" },
        ],
      },
    ]);
    Transforms.select(editor, { path: [0, 1, 0], offset: 2 });
    setLink(editor, "");
    Editor.normalize(editor, { force: true });
    expect(editor.children).toEqual([{ type: "p", children: [{ text: "Hello world" }] }]);
  });

  it("inserts a variable token at the caret, or at the end when nothing is selected", () => {
    const editor = hello();
    insertVariable(editor, "{{Name}}");
    expect(editor.children).toEqual([{ type: "p", children: [{ text: "Hello world{{Name}}" }] }]);
    Transforms.select(editor, { path: [0, 0], offset: 5 });
    insertVariable(editor, ", {{First}}");
    expect(editor.children).toEqual([{ type: "p", children: [{ text: "Hello, {{First}} world{{Name}}" }] }]);
  });

  it("starts empty documents with one paragraph", () => {
    expect(getInitialValue([])).toEqual([{ type: "p", children: [{ text: "" }] }]);
    expect(getInitialValue(undefined)).toEqual([{ type: "p", children: [{ text: "" }] }]);
  });
});

import type { ReactNode } from "react";
import { sanitizeUrl } from "./sanitizeUrl";

type Node = { [key: string]: unknown };

/** Any JSON object is read as a node; its fields are checked where they are used. */
function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null;
}

const blockTags: Record<string, "p" | "h1" | "h2" | "h3" | "ul" | "ol" | "li" | "blockquote"> = {
  p: "p",
  paragraph: "p",
  h1: "h1",
  h2: "h2",
  h3: "h3",
  ul: "ul",
  ol: "ol",
  li: "li",
  blockquote: "blockquote",
};

/**
 * Renders Slate-style rich text as React elements: text is always escaped (never HTML),
 * links are sanitised and open in a new tab. Unknown element types render their children.
 */
export function RichText({ nodes }: { nodes: readonly unknown[] }) {
  return <>{renderNodes(nodes, "n")}</>;
}

function renderNodes(nodes: readonly unknown[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, index) => renderNode(node, `${keyPrefix}-${index}`));
}

function renderNode(value: unknown, key: string): ReactNode {
  if (!isNode(value)) return null;
  if (Array.isArray(value.children)) return renderElement(value, value.children, key);
  if (typeof value.text === "string") return renderLeaf(value.text, value, key);
  return null;
}

function renderElement(node: Node, children: unknown[], key: string): ReactNode {
  const content = renderNodes(children, key);
  const type = typeof node.type === "string" ? node.type : "p";
  if (type === "a" || type === "link") {
    const href = sanitizeUrl(typeof node.url === "string" ? node.url : undefined);
    if (!href) return <span key={key}>{content}</span>;
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  const Tag = blockTags[type];
  if (Tag === "p" && isEmptyParagraph(children)) return <p key={key}>{"\u00a0"}</p>;
  if (Tag) return <Tag key={key}>{content}</Tag>;
  return <span key={key}>{content}</span>;
}

function renderLeaf(text: string, leaf: Node, key: string): ReactNode {
  let content: ReactNode = text;
  if (leaf.code === true) content = <code>{content}</code>;
  if (leaf.bold === true) content = <strong>{content}</strong>;
  if (leaf.italic === true) content = <em>{content}</em>;
  if (leaf.underline === true) content = <u>{content}</u>;
  if (leaf.strikethrough === true) content = <s>{content}</s>;
  return <span key={key}>{content}</span>;
}

function isEmptyParagraph(children: unknown[]) {
  return children.every((child) => isNode(child) && !Array.isArray(child.children) && child.text === "");
}

/** The plain text of rich text nodes (for typing-time estimates and screen readers). */
export function getPlainText(nodes: readonly unknown[]): string {
  return nodes
    .map((value) => {
      if (!isNode(value)) return "";
      if (Array.isArray(value.children)) return getPlainText(value.children);
      return typeof value.text === "string" ? value.text : "";
    })
    .join(" ");
}

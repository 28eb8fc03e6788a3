import { Lexer, type Token, type Tokens } from "marked";
import { type ReactNode, useMemo } from "react";
import { decodeEntities } from "./decodeEntities";
import { sanitizeImageUrl, sanitizeUrl } from "./sanitizeUrl";

/**
 * Markdown bubbles and AI answers (streamed ones re-render as text arrives). `marked` parses
 * CommonMark + GFM into tokens; this renders an allow-list of them as elements. No HTML string is
 * ever built or inserted, so raw HTML in the source shows as text, and URLs pass sanitizeUrl:
 * `javascript:` and other schemes are refused, links open in a new tab with `rel="noopener noreferrer"`.
 */
export function Markdown({ source }: { source: string }) {
  const tokens = useMemo(() => lexMarkdown(source), [source]);
  return <>{renderBlocks(tokens, "m")}</>;
}

/** Chat messages keep their single line breaks (GFM `breaks`), as typed. */
export function lexMarkdown(source: string): Token[] {
  return new Lexer({ gfm: true, breaks: true }).lex(source);
}

// Positional keys are right here: rendered Markdown is rebuilt from its source, never reordered.
function renderBlocks(tokens: readonly Token[], key: string): ReactNode[] {
  return tokens.map((token, index) => renderBlock(token, `${key}-${index}`));
}

function renderBlock(token: Token, key: string): ReactNode {
  switch (token.type) {
    case "paragraph":
      return <p key={key}>{renderInline(token.tokens ?? [], key)}</p>;
    case "heading": {
      const Tag = `h${Math.min(Math.max(token.depth, 1), 6)}` as "h1";
      return <Tag key={key}>{renderInline(token.tokens ?? [], key)}</Tag>;
    }
    case "code":
      return (
        <pre key={key} data-language={token.lang || undefined}>
          <code>{token.text}</code>
        </pre>
      );
    case "blockquote":
      return <blockquote key={key}>{renderBlocks(token.tokens ?? [], key)}</blockquote>;
    case "list":
      return renderList(token as Tokens.List, key);
    case "table":
      return renderTable(token as Tokens.Table, key);
    case "hr":
      return <hr key={key} />;
    case "space":
    case "def":
      return null;
    case "text":
      // Text directly in a tight list item: its inline tokens.
      return token.tokens ? renderInline(token.tokens, key) : decodeEntities(token.text);
    default:
      // Raw HTML (and anything unknown) is shown as the text it is, never parsed.
      return <p key={key}>{token.raw.trim()}</p>;
  }
}

function renderList(list: Tokens.List, key: string) {
  const items = list.items.map((item, index) => renderListItem(item, `${key}-${index}`));
  if (!list.ordered) return <ul key={key}>{items}</ul>;
  return (
    <ol key={key} start={typeof list.start === "number" && list.start !== 1 ? list.start : undefined}>
      {items}
    </ol>
  );
}

function renderListItem(item: Tokens.ListItem, key: string) {
  return (
    <li key={key}>
      {item.task ? <span aria-hidden="true">{item.checked ? "☑ " : "☐ "}</span> : null}
      {renderBlocks(
        item.tokens.filter((token) => token.type !== "checkbox"),
        key,
      )}
    </li>
  );
}

function renderTable(table: Tokens.Table, key: string) {
  return (
    <table key={key}>
      <thead>
        <tr>{table.header.map((cell, index) => renderCell(cell, `${key}-h${index}`))}</tr>
      </thead>
      <tbody>{table.rows.map((row, index) => renderRow(row, `${key}-r${index}`))}</tbody>
    </table>
  );
}

function renderRow(row: Tokens.TableCell[], key: string) {
  return <tr key={key}>{row.map((cell, index) => renderCell(cell, `${key}-${index}`))}</tr>;
}

function renderCell(cell: Tokens.TableCell, key: string) {
  const style = { textAlign: cell.align ?? undefined };
  return cell.header ? (
    <th key={key} scope="col" style={style}>
      {renderInline(cell.tokens, key)}
    </th>
  ) : (
    <td key={key} style={style}>
      {renderInline(cell.tokens, key)}
    </td>
  );
}

function renderInline(tokens: readonly Token[], key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token) continue;
    // `<u>…</u>` is the one HTML pair kept (underline has no Markdown form); its content is still Markdown.
    const close = isTag(token, "<u>")
      ? tokens.findIndex((next, at) => at > index && isTag(next, "</u>"))
      : -1;
    if (close > index) {
      nodes.push(
        <u key={`${key}-${index}`}>{renderInline(tokens.slice(index + 1, close), `${key}-${index}`)}</u>,
      );
      index = close;
    } else nodes.push(renderInlineToken(token, `${key}-${index}`));
  }
  return nodes;
}

function isTag(token: Token, tag: string) {
  return token.type === "html" && token.raw.toLowerCase() === tag;
}

function renderInlineToken(token: Tokens.Generic, key: string): ReactNode {
  switch (token.type) {
    case "text":
      return token.tokens ? renderInline(token.tokens, key) : decodeEntities(token.text);
    case "escape":
      return token.text;
    case "strong":
      return <strong key={key}>{renderInline(token.tokens ?? [], key)}</strong>;
    case "em":
      return <em key={key}>{renderInline(token.tokens ?? [], key)}</em>;
    case "del":
      return <s key={key}>{renderInline(token.tokens ?? [], key)}</s>;
    case "codespan":
      return <code key={key}>{token.text}</code>;
    case "br":
      return <br key={key} />;
    case "link": {
      const href = sanitizeUrl(token.href);
      const content = renderInline(token.tokens ?? [], key);
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        <span key={key}>{content}</span>
      );
    }
    case "image": {
      const src = sanitizeImageUrl(token.href);
      const alt = decodeEntities(token.text);
      return src ? <img key={key} src={src} alt={alt} loading="lazy" /> : alt;
    }
    default:
      // Inline HTML (`<b>`, `<script>`…) stays text.
      return token.raw;
  }
}

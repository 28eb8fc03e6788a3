import type { ReactNode } from "react";
import { sanitizeUrl } from "./sanitizeUrl";

/**
 * A small, safe Markdown renderer for text bubbles served as `markdown`: paragraphs, line
 * breaks, headings, bullet and numbered lists, bold (double asterisks), italic (single asterisk or underscore), <u>underline</u>,
 * `code`, ~~strike~~ and [links](https://…). Text is never interpreted as HTML.
 */
export function Markdown({ source }: { source: string }) {
  const blocks = source.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  return <>{blocks.map((block, index) => renderBlock(block, `b${index}`))}</>;
}

// Positional keys are right here: the rendered Markdown is static, never reordered.
function renderBlock(block: string, key: string): ReactNode {
  const lines = block.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return null;
  const heading = /^(#{1,3})\s+(.*)$/.exec(lines[0]);
  if (heading && lines.length === 1) {
    const Tag = `h${heading[1].length}` as "h1" | "h2" | "h3";
    return <Tag key={key}>{renderInline(heading[2], key)}</Tag>;
  }
  if (lines.every((line) => /^\s*[-*+]\s+/.test(line)))
    return (
      <ul key={key}>
        {lines.map((line, index) => renderListItem(line.replace(/^\s*[-*+]\s+/, ""), `${key}-${index}`))}
      </ul>
    );
  if (lines.every((line) => /^\s*\d+[.)]\s+/.test(line)))
    return (
      <ol key={key}>
        {lines.map((line, index) => renderListItem(line.replace(/^\s*\d+[.)]\s+/, ""), `${key}-${index}`))}
      </ol>
    );
  return (
    <p key={key}>
      {lines.flatMap((line, index) => {
        const content = renderInline(line.replace(/\s{2,}$|\\$/, ""), `${key}-${index}`);
        return index === 0 ? content : [renderLineBreak(`${key}-br${index}`), ...content];
      })}
    </p>
  );
}

function renderListItem(text: string, key: string) {
  return <li key={key}>{renderInline(text, key)}</li>;
}

function renderLineBreak(key: string) {
  return <br key={key} />;
}

const inlinePattern =
  /(\\[\\`*_{}[\]()#+\-.!~<>])|(`[^`]+`)|(\*\*[^*]+\*\*|__[^_]+__)|(~~[^~]+~~)|(<u>[\s\S]+?<\/u>)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]*\]\([^)\s]*\))|(https?:\/\/[^\s<]+[^\s<.,:;"')\]])/;

function renderInline(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest.length > 0) {
    const match = inlinePattern.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    nodes.push(renderToken(match, `${key}-${index++}`));
    rest = rest.slice(match.index + match[0].length);
  }
  return nodes;
}

function renderToken(match: RegExpExecArray, key: string): ReactNode {
  const [token, escaped, code, bold, strike, underline, italic, link, autolink] = match;
  if (escaped) return token.slice(1);
  if (code) return <code key={key}>{code.slice(1, -1)}</code>;
  if (bold) return <strong key={key}>{renderInline(bold.slice(2, -2), key)}</strong>;
  if (strike) return <s key={key}>{renderInline(strike.slice(2, -2), key)}</s>;
  if (underline) return <u key={key}>{renderInline(underline.slice(3, -4), key)}</u>;
  if (italic) return <em key={key}>{renderInline(italic.slice(1, -1), key)}</em>;
  if (link) {
    const [, label, url] = /^\[([^\]]*)\]\(([^)\s]*)\)$/.exec(link) ?? [];
    const href = sanitizeUrl(url);
    const content = renderInline(label ?? "", key);
    return href ? (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    ) : (
      <span key={key}>{content}</span>
    );
  }
  if (autolink)
    return (
      <a key={key} href={autolink} target="_blank" rel="noopener noreferrer">
        {autolink}
      </a>
    );
  return token;
}

import type { MessageSource, TextBubbleBlock } from "@parley/schemas";
import { Markdown } from "../rich-text/Markdown";
import { RichText } from "../rich-text/RichText";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import { widgetText } from "../widgetTexts";
import type { BubbleProps } from "./bubbleProps";

/** The bubble kind TextBubble renders (its definition's wire type), also the type of a typed reply. */
export const textType: TextBubbleBlock["type"] = "text";

/** A text message, as rich text or markdown (the format the client asked for), with the sources of an AI agent's answer under it. */
export function TextBubble({ bubble, language }: BubbleProps<typeof textType>) {
  return (
    <div className="parley-bubble parley-host-bubble parley-text" data-testid="host-bubble">
      {bubble.content.type === "markdown" ? (
        <Markdown source={bubble.content.markdown} />
      ) : (
        <RichText nodes={bubble.content.richText} />
      )}
      {bubble.sources?.length ? <Sources sources={bubble.sources} language={language} /> : null}
    </div>
  );
}

/** The documents the answer is grounded in, numbered as the answer cites them ([1], [2]). */
export function Sources({ sources, language }: { sources: MessageSource[]; language?: string }) {
  const title = widgetText(language, "sources");
  return (
    <section className="parley-sources" aria-label={title}>
      <p className="parley-sources-title">{title}</p>
      <ol>
        {sources.map((source) => {
          const url = sanitizeMediaUrl(source.url);
          return (
            <li key={source.id}>
              {url ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {source.name}
                </a>
              ) : (
                source.name
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

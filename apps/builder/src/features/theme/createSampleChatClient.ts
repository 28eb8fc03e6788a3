import {
  type ChatMessage,
  type ContinueChatResponse,
  choiceInputBlock,
  type StartChatResponse,
  type Theme,
  textBubbleBlock,
  textInputBlock,
} from "@parley/schemas";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

const paragraph = (text: string) => ({
  type: "richText" as const,
  richText: [{ type: "p", children: [{ text }] }],
});
const bubble = (id: string, text: string) => ({ id, type: textBubbleBlock.type, content: paragraph(text) });
const emptyTurn = { clientSideActions: [], logs: [] };

/** The sample conversation's texts, in the interface language. */
export const getSampleChatTexts = (t: InterfaceTranslator<"ThemeSample">) => ({
  hello: t("hello"),
  explain: t("explain"),
  looksGreat: t("looksGreat"),
  showInput: t("showInput"),
  placeholder: t("placeholder"),
  send: t("send"),
  youChose: (choice: string) => t("youChose", { choice }),
  thanks: t("thanks"),
});
export type SampleChatTexts = ReturnType<typeof getSampleChatTexts>;

/**
 * A chat client that plays a short scripted conversation in the browser, so the theme
 * preview shows every themed surface (bubbles, buttons, inputs, avatars, progress) without
 * a server round trip or a result being recorded. Progress is always reported: the widget
 * shows the bar only while the edited theme enables it.
 */
export function createSampleChatClient(theme: Theme, texts: SampleChatTexts) {
  let turn = 0;
  const choiceInput = {
    id: "sample-choice",
    type: choiceInputBlock.type,
    items: [
      { id: "sample-yes", content: texts.looksGreat },
      { id: "sample-more", content: texts.showInput },
    ],
    options: { isMultipleChoice: false },
  };
  const textInput = {
    id: "sample-text",
    type: textInputBlock.type,
    options: { labels: { placeholder: texts.placeholder, button: texts.send } },
  };

  const start = async (): Promise<StartChatResponse> => {
    turn = 0;
    return {
      sessionId: "theme-preview",
      bot: {
        id: "theme-preview",
        theme,
        settings: { general: {}, typingEmulation: { enabled: false } },
        publishedAt: null,
      },
      messages: [bubble("sample-hello", texts.hello), bubble("sample-explain", texts.explain)],
      input: choiceInput,
      progress: 33,
      ...emptyTurn,
    } as StartChatResponse;
  };

  const continueChat = async (
    _sessionId: string,
    message: ChatMessage | null,
  ): Promise<ContinueChatResponse> => {
    turn += 1;
    const text = message?.type === textBubbleBlock.type ? message.text : "";
    if (turn % 2 === 1) {
      return {
        messages: [bubble(`sample-reply-${turn}`, texts.youChose(text))],
        input: textInput,
        progress: 66,
        ...emptyTurn,
      } as ContinueChatResponse;
    }
    return {
      messages: [bubble(`sample-thanks-${turn}`, texts.thanks)],
      input: choiceInput,
      progress: 100,
      ...emptyTurn,
    } as ContinueChatResponse;
  };

  return {
    apiHost: "",
    startChat: start,
    startPreviewChat: start,
    continueChat,
    request: async () => new Response(null, { status: 404 }),
  };
}

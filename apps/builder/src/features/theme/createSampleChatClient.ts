import {
  type ChatMessage,
  type ContinueChatResponse,
  choiceInputBlock,
  type StartChatResponse,
  type Theme,
  textBubbleBlock,
  textInputBlock,
} from "@parley/schemas";

const paragraph = (text: string) => ({
  type: "richText" as const,
  richText: [{ type: "p", children: [{ text }] }],
});
const bubble = (id: string, text: string) => ({ id, type: textBubbleBlock.type, content: paragraph(text) });
const emptyTurn = { clientSideActions: [], logs: [] };

const choiceInput = {
  id: "sample-choice",
  type: choiceInputBlock.type,
  items: [
    { id: "sample-yes", content: "Looks great" },
    { id: "sample-more", content: "Show me an input" },
  ],
  options: { isMultipleChoice: false },
};
const textInput = {
  id: "sample-text",
  type: textInputBlock.type,
  options: { labels: { placeholder: "Type something…", button: "Send" } },
};

/**
 * A chat client that plays a short scripted conversation in the browser, so the theme
 * preview shows every themed surface (bubbles, buttons, inputs, avatars, progress) without
 * a server round trip or a result being recorded. Progress is always reported: the widget
 * shows the bar only while the edited theme enables it.
 */
export function createSampleChatClient(theme: Theme) {
  let turn = 0;

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
      messages: [
        bubble("sample-hello", "Hi there 👋 This is how your bot looks."),
        bubble("sample-explain", "Bubbles, buttons and inputs follow the theme you edit."),
      ],
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
        messages: [bubble(`sample-reply-${turn}`, `You chose “${text}”. Here is a text input too:`)],
        input: textInput,
        progress: 66,
        ...emptyTurn,
      } as ContinueChatResponse;
    }
    return {
      messages: [bubble(`sample-thanks-${turn}`, "Thanks! Change a colour on the left and watch it update.")],
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

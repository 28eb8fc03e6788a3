import type { ChatLog, ChatMessage, StartChatResponse, StartFrom } from "@parley/schemas";
import { executeClientSideAction } from "../actions/executeClientSideAction";
import { ChatApiError, ChatNetworkError } from "../api/chatApiError";
import type { ChatClient } from "../api/createChatClient";
import { uploadFiles } from "../api/uploadFiles";
import { audioType } from "../bubbles/AudioBubble";
import { customEmbedType } from "../bubbles/CustomEmbedBubble";
import { embedType } from "../bubbles/EmbedBubble";
import { textType } from "../bubbles/TextBubble";
import { loadWidgetTexts, toWidgetTextLanguage, widgetText } from "../widgetTexts";
import { type ChatState, createInitialState } from "./chatState";
import { type AgentEvent, followAgentStream } from "./followAgentStream";
import { ListenAbandonedError, listenForWebhook } from "./listenForWebhook";
import { forgetRememberedChat, loadRememberedChat, saveRememberedChat } from "./rememberUser";
import { revealTurn, type TurnFollowUp, type TurnResponse } from "./revealTurn";
import { streamMessage } from "./streamMessage";

export interface ChatCallbacks {
  /** The conversation started (startChat answered) or a remembered one was resumed. */
  onInit?: () => void;
  onNewInput?: (input: NonNullable<ChatState["input"]>) => void;
  onAnswer?: (answer: { message: string; blockId: string | null }) => void;
  onEnd?: () => void;
  onNewLogs?: (logs: ChatLog[]) => void;
  /** A bubble was displayed or an input shown (the builder highlights that block). */
  onBlockExecuted?: (blockId: string) => void;
  /**
   * Whether the conversation is kept in the browser's storage (remember-user) and resumed after a
   * reload: called after the first turn, then whenever that changes.
   */
  onChatStatePersisted?: (isPersisted: boolean) => void;
}

export interface ChatControllerOptions extends ChatCallbacks {
  client: ChatClient;
  /** Published bot by public id, or (preview) the draft by bot id. */
  target: { publicId: string } | { botId: string; isPreview: true; startFrom?: StartFrom };
  prefilledVariables?: Record<string, string>;
  /** The visitor's language (BCP 47) the embed asks for: startChat's `language` (docs/languages.md). */
  language?: string;
  theme?: ChatState["theme"];
  settings?: ChatState["settings"];
  /** Resume the remembered chat of this bot after a reload (published bots only). */
  canRemember?: boolean;
}

export interface Answer {
  /** Text sent to the server. */
  text: string;
  /** What the guest bubble shows, when it differs (a choice label, a formatted date). */
  label?: string;
  replyId?: string;
  attachedFileUrls?: string[];
  /** A recorded voice message: sent as an audio message. */
  audioUrl?: string;
  /** Skipping an optional input sends no message. */
  isSkip?: boolean;
  /** Replies to the bot's own events (embeds, actions) add no guest bubble. */
  isHidden?: boolean;
}

/** The state machine of one conversation: start, answer, client-side actions, remember-user. */
export class ChatController {
  private state: ChatState;
  private listeners = new Set<() => void>();
  private generation = 0;
  private keyCounter = 0;
  private isPersisted: boolean | undefined;
  /** The open event stream of an inbox handoff (one per chat at most). */
  private agentStream: AbortController | null = null;
  private agentTypingTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ChatControllerOptions) {
    this.state = createInitialState(options.theme ?? {}, options.settings ?? {});
  }

  getState = () => this.state;

  /** Origin of the chat API, which also serves the included theme fonts (`/fonts/`). */
  get apiHost() {
    return this.options.client.apiHost;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<ChatState> | ((state: ChatState) => Partial<ChatState>)) {
    this.state = { ...this.state, ...(typeof patch === "function" ? patch(this.state) : patch) };
    for (const listener of this.listeners) listener();
  }

  nextKey(prefix: string) {
    return `${prefix}-${++this.keyCounter}`;
  }

  get isPreview() {
    return "isPreview" in this.options.target;
  }

  private get publicId() {
    return "publicId" in this.options.target ? this.options.target.publicId : undefined;
  }

  /** Starts the chat, or resumes the remembered one. */
  async start({ resultId }: { resultId?: string } = {}) {
    const generation = ++this.generation;
    this.stopAgentStream();
    const remembered =
      this.options.canRemember && this.publicId ? loadRememberedChat(this.publicId) : undefined;
    if (remembered && !resultId) {
      const pendingListenId = remembered.pendingListenId ?? null;
      // Fresh keys: the entries shown from now on must not reuse those of the restored ones.
      const entries = remembered.entries.map((entry) => ({ ...entry, key: this.nextKey(entry.kind) }));
      this.update({
        ...remembered,
        entries,
        pendingListenId,
        agentConversationId: remembered.agentConversationId ?? null,
        lastAgentEventId: remembered.lastAgentEventId ?? null,
        status: "running",
        isWaiting: false,
        notice: null,
      });
      this.options.onInit?.();
      this.reportPersisted(true);
      if (remembered.input) this.options.onNewInput?.(remembered.input);
      // Reloaded while an inbox agent handled the chat: follow the stream again from the last event seen.
      if (remembered.agentConversationId) this.listenForAgent(remembered.agentConversationId, generation);
      // Reloaded while a Webhook block waited: poll again, the server answers what followed (or the timeout).
      if (pendingListenId) await this.resumeListen(pendingListenId, generation);
      return;
    }
    this.update({ ...createInitialState(this.options.theme ?? {}, this.state.settings), status: "starting" });
    let response: StartChatResponse;
    try {
      const { target, client, prefilledVariables } = this.options;
      const { language } = this.options;
      const body = { prefilledVariables, isStreamEnabled: true, ...(language ? { language } : {}) };
      response =
        "publicId" in target
          ? await client.startChat(target.publicId, { ...body, resultId })
          : await client.startPreviewChat(target.botId, { ...body, startFrom: target.startFrom });
    } catch (error) {
      if (generation === this.generation) this.fail(error);
      return;
    }
    if (generation !== this.generation) return;
    this.update({
      sessionId: response.sessionId,
      resultId: response.resultId ?? null,
      theme: mergeTheme(response.bot.theme, this.options.theme),
      settings: mergeSettings(this.state.settings, response.bot.settings),
      status: "running",
    });
    this.options.onInit?.();
    await this.processTurn(response, generation, true);
  }

  /**
   * Sends a command to the flow (`{type: "command", command}`): the bot's command event of that name
   * runs, and its messages and next input are shown. Only while a conversation is running; no guest
   * bubble, no `onAnswer`.
   */
  async sendCommand(command: string) {
    const { sessionId, input } = this.state;
    if (!sessionId || this.state.status !== "running" || command.length === 0) return;
    const generation = this.generation;
    this.update({ input: null, inputDraft: null, notice: null, isWaiting: true });
    let response: TurnResponse;
    try {
      response = await this.options.client.continueChat(sessionId, { type: "command", command });
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof ChatApiError && error.hasIssue("COMMAND_NOT_FOUND")) {
        // The conversation goes on where it was: the bot has no such command.
        console.warn(`[parley] the bot has no command event "${command}"`);
        this.update({ input, isWaiting: false });
        return;
      }
      if (error instanceof ChatNetworkError || (error instanceof ChatApiError && error.status >= 500)) {
        this.update({ input, isWaiting: false, notice: { kind: "networkError" } });
        return;
      }
      if (isSessionGone(error)) return this.startOverOnResult();
      this.fail(error);
      return;
    }
    if (generation !== this.generation) return;
    await this.processTurn(response, generation, false);
  }

  /** Puts `value` in the field of the input the chat waits on (the visitor still sends it). */
  setInputValue(value: string) {
    if (!this.state.input) return;
    this.update((state) => ({ inputDraft: value, inputDraftVersion: state.inputDraftVersion + 1 }));
  }

  /** Applies a new theme override at once (the builder's live theme editor). */
  setThemeOverride(theme: ChatState["theme"]) {
    this.options.theme = theme;
    this.update((state) => ({ theme: mergeTheme(state.theme, theme) }));
  }

  /** Restarts from scratch (forgets the remembered chat). */
  async restart() {
    if (this.publicId) forgetRememberedChat(this.publicId);
    await this.start();
  }

  /** Sends an answer to the current input (or a reply to a waiting embed/action). */
  async submit(answer: Answer) {
    const { sessionId, input } = this.state;
    if (!sessionId || this.state.status !== "running") return;
    const generation = this.generation;
    const guestKey = answer.isHidden ? undefined : this.nextKey("guest");
    this.update((state) => ({
      input: null,
      inputDraft: null,
      notice: null,
      isWaiting: true,
      entries: guestKey
        ? [
            ...state.entries,
            {
              kind: "guest",
              key: guestKey,
              text: answer.label ?? answer.text,
              attachedFileUrls: answer.attachedFileUrls,
            },
          ]
        : state.entries,
    }));
    if (!answer.isHidden) this.options.onAnswer?.({ message: answer.text, blockId: input?.id ?? null });
    const message: ChatMessage | null = answer.isSkip
      ? null
      : answer.audioUrl
        ? { type: audioType, url: answer.audioUrl }
        : {
            type: textType,
            text: answer.text,
            ...(answer.replyId ? { metadata: { replyId: answer.replyId } } : {}),
            ...(answer.attachedFileUrls?.length ? { attachedFileUrls: answer.attachedFileUrls } : {}),
          };
    let response: TurnResponse;
    try {
      response = await this.options.client.continueChat(sessionId, message);
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof ChatNetworkError || (error instanceof ChatApiError && error.status >= 500)) {
        // Nothing typed is lost: the answer goes back into the input.
        this.update((state) => ({
          entries: state.entries.filter((entry) => entry.key !== guestKey),
          input,
          inputDraft: answer.isHidden ? null : answer.text,
          isWaiting: false,
          notice: { kind: "networkError" },
        }));
        return;
      }
      if (isSessionGone(error)) return this.startOverOnResult();
      this.fail(error);
      return;
    }
    if (generation !== this.generation) return;
    if (response.lastMessageNewFormat && guestKey) {
      const text = response.lastMessageNewFormat;
      this.update((state) => ({
        entries: state.entries.map((entry) =>
          entry.key === guestKey && entry.kind === "guest" ? { ...entry, text } : entry,
        ),
      }));
    }
    await this.processTurn(response, generation, false);
  }

  dismissNotice() {
    this.update({ notice: null });
  }

  /** Stops pending work (unmount): late responses and timers no longer change the state. */
  dispose() {
    this.generation++;
    this.stopAgentStream();
  }

  /** The latest callbacks of the embedding component (they may change on every render). */
  setCallbacks(callbacks: ChatCallbacks) {
    Object.assign(this.options, callbacks);
  }

  uploadFiles = (files: File[]) => {
    const { sessionId, settings } = this.state;
    if (!sessionId) return Promise.reject(new Error("The chat has not started"));
    return uploadFiles(this.options.client, sessionId, files, settings.general?.systemMessages ?? {});
  };

  /** The remembered session cannot go on: a new chat on the same result. */
  private async startOverOnResult() {
    if (this.publicId) forgetRememberedChat(this.publicId);
    await this.start({ resultId: this.state.resultId ?? undefined });
  }

  private remember() {
    const isPersisted =
      this.publicId !== undefined &&
      this.options.canRemember === true &&
      saveRememberedChat(this.publicId, this.state);
    this.reportPersisted(isPersisted);
  }

  private reportPersisted(isPersisted: boolean) {
    if (this.isPersisted === isPersisted) return;
    this.isPersisted = isPersisted;
    this.options.onChatStatePersisted?.(isPersisted);
  }

  /** Long-polls for the Webhook block's call; the chat is remembered as waiting for it meanwhile. */
  private async listen(listenId: string, generation: number) {
    this.update({ pendingListenId: listenId });
    this.remember();
    const response = await listenForWebhook(
      this,
      this.options.client,
      listenId,
      () => generation === this.generation,
    );
    if (generation === this.generation) this.update({ pendingListenId: null });
    return response;
  }

  /**
   * Opens the session's event stream while the chat waits in an inbox (a `listenForAgent` action, sent
   * with every turn of the wait: a stream already open stays the only one). Agent messages and typing
   * show as they arrive; the `closed` event ends it and shows the flow's next turn, if any.
   */
  private listenForAgent(conversationId: string, generation: number) {
    const { sessionId } = this.state;
    if (generation !== this.generation || !sessionId) return;
    if (this.state.agentConversationId !== conversationId)
      this.update({ agentConversationId: conversationId });
    if (this.agentStream) return;
    const abort = new AbortController();
    this.agentStream = abort;
    followAgentStream(this.options.client, {
      sessionId,
      lastEventId: this.state.lastAgentEventId,
      signal: abort.signal,
      onEventId: (id) => {
        if (generation === this.generation) this.update({ lastAgentEventId: id });
      },
      onEvent: (event) => {
        if (generation === this.generation) void this.showAgentEvent(event, generation);
      },
    })
      .catch((error) => {
        if (generation !== this.generation) return;
        // The session ended or expired meanwhile: nothing more will come.
        if (isSessionGone(error)) return this.update({ agentConversationId: null, isAgentTyping: false });
        console.error("[parley] the agent's messages cannot be received:", error);
      })
      .finally(() => {
        if (this.agentStream === abort) this.agentStream = null;
      });
  }

  private async showAgentEvent(event: AgentEvent, generation: number) {
    if (event.type === "typing") {
      clearTimeout(this.agentTypingTimer);
      this.update({ isAgentTyping: true });
      // The agent sends `typing` while they type: the indicator goes once they stop.
      this.agentTypingTimer = setTimeout(() => this.update({ isAgentTyping: false }), AGENT_TYPING_MS);
      return;
    }
    clearTimeout(this.agentTypingTimer);
    if (event.type === "message") {
      this.update((state) => ({
        isAgentTyping: false,
        entries: [
          ...state.entries,
          { kind: "host", key: this.nextKey("agent"), bubble: event.bubble, isTyping: false },
        ],
      }));
      this.remember();
      return;
    }
    this.stopAgentStream();
    this.update({ agentConversationId: null, isAgentTyping: false, input: null });
    if (event.response) return this.processTurn(event.response, generation, false);
    this.update({ status: "ended" });
    this.options.onEnd?.();
    this.remember();
  }

  private stopAgentStream() {
    this.agentStream?.abort();
    this.agentStream = null;
    clearTimeout(this.agentTypingTimer);
  }

  /** The wait of a restored chat: shows the turn that followed the call or the block's timeout. */
  private async resumeListen(listenId: string, generation: number) {
    let response: TurnResponse;
    try {
      response = await this.listen(listenId, generation);
    } catch (error) {
      if (generation !== this.generation || error instanceof ListenAbandonedError) return;
      // The session ended, expired or waits elsewhere now (another tab went on): start over on the result.
      if (isSessionGone(error) || (error instanceof ChatApiError && error.hasIssue("LISTEN_NOT_FOUND")))
        return this.startOverOnResult();
      this.fail(error);
      return;
    }
    if (generation !== this.generation) return;
    await this.processTurn(response, generation, false);
  }

  private async processTurn(response: TurnResponse, generation: number, isFirstTurn: boolean): Promise<void> {
    this.update({ logs: response.logs, ...(response.language ? { language: response.language } : {}) });
    // The widget's own words in the conversation's language (else the input's locale): drawn again once its
    // catalogue is in.
    const inputLocale = (response.input?.options as { locale?: unknown } | undefined)?.locale;
    const textLanguage = response.language ?? (typeof inputLocale === "string" ? inputLocale : null);
    if (textLanguage && toWidgetTextLanguage(textLanguage) !== "en")
      void loadWidgetTexts(this.options.client.apiHost, textLanguage).then(
        (isNew) => isNew && this.update({}),
      );
    const sources = response.streamedMessageSources;
    // An AI agent's sources arrive with the reply sent after its streamed answer: under that answer.
    if (sources?.length) {
      const streamed = this.state.entries.findLast((entry) => entry.kind === "stream");
      if (streamed)
        this.update({
          entries: this.state.entries.map((entry) => (entry === streamed ? { ...entry, sources } : entry)),
        });
    }
    if (response.logs.length > 0) this.options.onNewLogs?.(response.logs);
    let followUp: TurnFollowUp | undefined;
    try {
      followUp = await this.revealTurn(response, generation, isFirstTurn);
    } catch (error) {
      if (generation === this.generation && !(error instanceof ListenAbandonedError)) this.fail(error);
      return;
    }
    if (generation !== this.generation) return;
    if (followUp?.kind === "reply") return this.submit({ text: followUp.text, isHidden: true });
    if (followUp?.kind === "resumed") return this.processTurn(followUp.response, generation, false);
    const { input } = this.state;
    if (input) this.options.onNewInput?.(input);
    else if (!isWaitingForEmbed(response)) {
      this.update({ status: "ended" });
      this.options.onEnd?.();
    }
    this.remember();
  }

  private revealTurn(response: TurnResponse, generation: number, isFirstTurn: boolean) {
    return revealTurn(this, response, {
      isFirstTurn,
      isCurrent: () => generation === this.generation,
      runAction: (action) =>
        executeClientSideAction(action, {
          isPreview: this.isPreview,
          streamMessage: () => streamMessage(this, this.options.client),
          listenForWebhook: (listenId) => this.listen(listenId, generation),
          listenForAgent: (conversationId) => this.listenForAgent(conversationId, generation),
        }),
      onBlockExecuted: this.options.onBlockExecuted,
    });
  }

  private fail(error: unknown) {
    if (error instanceof ChatApiError && error.hasIssue("BOT_CLOSED"))
      return this.update({ status: "closed", isWaiting: false, failureMessage: error.message });
    if (error instanceof ChatNetworkError)
      return this.update({
        status: "failed",
        isWaiting: false,
        notice: { kind: "networkError" },
        failureMessage: null,
      });
    const message = error instanceof ChatApiError ? error.message : widgetText(this.state.language, "failed");
    console.error("[parley] chat failed:", error);
    this.update({ status: "failed", isWaiting: false, failureMessage: message });
  }
}

/** How long the typing indicator stays after the agent's last `typing` event. */
const AGENT_TYPING_MS = 6_000;

function isSessionGone(error: unknown) {
  return (
    error instanceof ChatApiError &&
    (error.hasIssue("SESSION_NOT_FOUND") || error.hasIssue("SESSION_EXPIRED"))
  );
}

/** The turn ends on an embed waiting for its event, or a plug-in's widget waiting for its value (a booking). */
function isWaitingForEmbed(response: TurnResponse) {
  const last = response.messages.at(-1);
  if (last?.type === customEmbedType) return last.content.waitForEventFunction !== null;
  return last?.type === embedType && last.content.waitForEvent?.isEnabled === true;
}

/** The bot's settings over those known before the start (the share page's), system messages merged. */
function mergeSettings(base: ChatState["settings"], incoming: ChatState["settings"]): ChatState["settings"] {
  return {
    ...base,
    ...incoming,
    general: {
      ...base.general,
      ...incoming.general,
      systemMessages: { ...base.general?.systemMessages, ...incoming.general?.systemMessages },
    },
    typingEmulation: { ...base.typingEmulation, ...incoming.typingEmulation },
  };
}

function mergeTheme(theme: ChatState["theme"], override: ChatState["theme"] | undefined): ChatState["theme"] {
  if (!override) return theme;
  return {
    ...theme,
    ...override,
    general: { ...theme.general, ...override.general },
    chat: { ...theme.chat, ...override.chat },
  };
}

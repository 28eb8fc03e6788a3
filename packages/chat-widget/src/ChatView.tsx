import { languageDirection } from "@parley/schemas/bot/languages/languageTags";
import { defaultSystemMessages } from "@parley/schemas/bot/settingsDefaults";
import { useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { ChatMessages } from "./ChatMessages";
import { ChatNotice } from "./ChatNotice";
import { InputSwitch } from "./inputs/InputSwitch";
import type { ChatController } from "./session/ChatController";
import { baseStyles } from "./theme/baseStyles";
import { getThemeVariables } from "./theme/getThemeVariables";
import { inputStyles } from "./theme/inputStyles";
import { loadFont } from "./theme/loadFont";
import { scopeCustomCss } from "./theme/scopeCustomCss";
import { widgetText } from "./widgetTexts";

export const widgetStyles = baseStyles + inputStyles;

interface ChatViewProps {
  controller: ChatController;
  /** `page`: full-page share page; `inline`: fills the element it is mounted in. */
  layout?: "page" | "inline";
  isPreview?: boolean;
}

/** The whole chat UI of one conversation, styled by the bot's theme. */
export function ChatView({ controller, layout = "inline", isPreview = false }: ChatViewProps) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const scroller = useRef<HTMLDivElement>(null);
  const variables = useMemo(
    () => getThemeVariables(state.theme, state.dynamicTheme),
    [state.theme, state.dynamicTheme],
  );
  const systemMessages = { ...defaultSystemMessages, ...state.settings.general?.systemMessages };
  const progressBar = state.theme.general?.progressBar;

  useEffect(() => loadFont(state.theme, controller.apiHost), [state.theme, controller]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the conversation grows
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [state.entries, state.input, state.isWaiting]);

  // The share page's own document follows the conversation's language (a flow may switch it).
  useEffect(() => {
    if (layout !== "page" || !state.language) return;
    document.documentElement.lang = state.language;
    document.documentElement.dir = languageDirection(state.language);
  }, [layout, state.language]);

  const isPrefillEnabled = state.settings.general?.isInputPrefillEnabled !== false;
  const input = state.input;
  const configurationError = state.logs.find((log) => log.status === "error")?.description;
  return (
    <div
      className="parley-root"
      data-layout={layout}
      style={variables}
      data-testid="parley-chat"
      {...(state.language ? { lang: state.language, dir: languageDirection(state.language) } : {})}
    >
      <style>{widgetStyles}</style>
      {state.theme.customCss ? <style>{scopeCustomCss(state.theme.customCss, ".parley-root")}</style> : null}
      <div className="parley-container">
        {progressBar?.isEnabled && state.progress !== null ? (
          <div
            className="parley-progress"
            data-placement={progressBar.placement ?? "Top"}
            data-position={progressBar.position ?? "absolute"}
            role="progressbar"
            aria-label={widgetText(state.language, "progress")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.progress)}
          >
            <div style={{ width: `${state.progress}%` }} />
          </div>
        ) : null}
        {state.failureMessage ? (
          <div className="parley-status" role="status">
            <div>
              <p>{state.failureMessage}</p>
              {state.status === "failed" ? (
                <button type="button" className="parley-button" onClick={() => void controller.restart()}>
                  {widgetText(state.language, "restart")}
                </button>
              ) : null}
            </div>
          </div>
        ) : (
          <div
            className="parley-scroll"
            ref={scroller}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the conversation scrolls; with no question left the keyboard must still reach it (WCAG 2.1.1)
            tabIndex={0}
          >
            {/* Polite log: screen readers say each bubble added, never the whole conversation again. The
                input lives outside it, so a new question's buttons are not read out as bubbles. */}
            <div
              className="parley-log"
              role="log"
              aria-live="polite"
              aria-relevant="additions"
              aria-label={widgetText(state.language, "log")}
            >
              <ChatMessages state={state} controller={controller} isPreview={isPreview} />
            </div>
            {input ? (
              <div className="parley-input-row">
                <InputSwitch
                  key={`${input.id}-${state.entries.length}-${state.inputDraftVersion}`}
                  input={input}
                  onSubmit={(answer) => void controller.submit(answer)}
                  defaultValue={
                    state.inputDraft ?? (isPrefillEnabled ? (input.prefilledValue ?? undefined) : undefined)
                  }
                  systemMessages={systemMessages}
                  language={state.language ?? undefined}
                  uploadFiles={controller.uploadFiles}
                  isPreview={isPreview}
                  configurationError={configurationError}
                />
              </div>
            ) : null}
            <ChatNotice state={state} controller={controller} systemMessages={systemMessages} />
          </div>
        )}
        {state.settings.general?.isBrandingEnabled ? (
          <div className="parley-branding">
            <a href="https://github.com/parley-chat" target="_blank" rel="noopener noreferrer">
              {widgetText(state.language, "madeWith")} Parley
            </a>
          </div>
        ) : null}
      </div>
    </div>
  );
}

// @vitest-environment jsdom
import type { ContinueChatResponse, StartChatResponse } from "@parley/schemas";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatClient } from "../api/createChatClient";
import { ChatView } from "../ChatView";
import { ChatController } from "./ChatController";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

const bubble = (id: string, text: string) => ({
  id,
  type: "text" as const,
  content: { type: "richText" as const, richText: [{ type: "p", children: [{ text }] }] },
});
const input = {
  id: "name",
  type: "text input" as const,
  options: { labels: { placeholder: "Name" } },
  prefilledValue: null,
  runtimeOptions: null,
};
const empty: Omit<ContinueChatResponse, "messages" | "input"> = {
  lastMessageNewFormat: null,
  clientSideActions: [],
  logs: [],
  dynamicTheme: null,
  progress: null,
};

function client(storage: "session" | "local", starts: { count: number }): ChatClient {
  const start: StartChatResponse = {
    sessionId: "s1",
    resultId: "r1",
    bot: {
      id: "b",
      theme: {},
      settings: {
        general: { rememberUser: { isEnabled: true, storage } },
        typingEmulation: { enabled: false },
      },
      publishedAt: null,
    },
    ...empty,
    messages: [bubble("hi", "Hello")],
    input,
  };
  return {
    apiHost: "",
    request: () => Promise.reject(new Error("unused")),
    startChat: async () => {
      starts.count++;
      return start;
    },
    startPreviewChat: async () => start,
    continueChat: async () => ({
      ...empty,
      messages: [bubble("q2", "And your age?")],
      input: { ...input, id: "age" },
    }),
  };
}

describe("remember user", () => {
  it.each(["session", "local"] as const)(
    "resumes the conversation after a reload (%s storage)",
    async (storage) => {
      const starts = { count: 0 };
      const first = new ChatController({
        client: client(storage, starts),
        target: { publicId: "bot" },
        canRemember: true,
      });
      render(<ChatView controller={first} />);
      await act(() => first.start());
      fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
      await screen.findByText("And your age?");
      expect((storage === "local" ? localStorage : sessionStorage).length).toBe(1);
      cleanup();

      const reloaded = new ChatController({
        client: client(storage, starts),
        target: { publicId: "bot" },
        canRemember: true,
      });
      render(<ChatView controller={reloaded} />);
      await act(() => reloaded.start());
      expect(starts.count).toBe(1);
      expect(screen.getByText("Hello")).toBeTruthy();
      expect(screen.getByText("Ada")).toBeTruthy();
      expect(screen.getByText("And your age?")).toBeTruthy();
      expect(reloaded.getState().sessionId).toBe("s1");
    },
  );
});

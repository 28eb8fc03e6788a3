// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IntlProvider } from "use-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/emoji/[language]/route";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { ApiProvider } from "@/lib/trpc";
import type { InboxConversation } from "../inboxTypes";
import { ReplyForm } from "../ReplyForm";

/** The first load reads emojibase-data's set for the language (800 KB of JSON), slow in a busy test worker. */
const loading = { timeout: 10_000 };

/** What the form reads of a conversation: an open one (no take before sending). */
const conversation = { id: "conversation-1", status: "open" } as InboxConversation;

/** The page's requests: the emoji data answered by the builder's own route, the rest (tRPC) unreachable. */
const requested: string[] = [];
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost:3000");
    requested.push(url.pathname);
    const language = /^\/emoji\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!language) throw new TypeError("fetch failed");
    return GET(new Request(url), { params: Promise.resolve({ language }) });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReplyForm(locale: "en" | "fr" = "en") {
  render(
    <ApiProvider>
      <IntlProvider locale={locale} messages={interfaceMessages[locale]}>
        <ReplyForm conversation={conversation} currentUserId="user-1" onSent={async () => {}} />
      </IntlProvider>
    </ApiProvider>,
  );
}

const focused = () => document.activeElement;

describe("the reply box's emoji picker", () => {
  it("searches, moves with the arrows and inserts the emoji at the reply's caret, keyboard only", async () => {
    const user = userEvent.setup();
    renderReplyForm();
    const reply = screen.getByLabelText("Reply") as HTMLTextAreaElement;
    await user.type(reply, "Thanks for waiting");
    reply.setSelectionRange(6, 6);
    expect(requested.filter((path) => path.startsWith("/emoji/"))).toEqual([]);

    const button = screen.getByRole("button", { name: "Add emoji" });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    button.focus();
    await user.keyboard("{Enter}");
    const picker = await screen.findByRole("dialog", { name: "Emoji" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const search = within(picker).getByRole("searchbox", { name: "Search emoji" });
    await waitFor(() => expect(focused()).toBe(search));
    // Loaded when the picker opened, from the builder, in the interface language.
    expect(await within(picker).findByRole("heading", { name: "Smileys & emotion" }, loading)).toBeTruthy();
    expect(requested).toContain("/emoji/en");

    await user.keyboard("thumbs");
    await waitFor(() =>
      expect(within(picker).queryByRole("heading", { name: "Smileys & emotion" })).toBeNull(),
    );
    const grid = within(picker).getByRole("grid", { name: "People & body" });
    const found = within(grid).getAllByRole("button");
    expect(found.map((emoji) => emoji.getAttribute("aria-label"))).toEqual(["thumbs up", "thumbs down"]);
    expect(within(picker).getByRole("status").textContent).toBe("2 emoji found");
    // One tab stop: the active emoji.
    expect(found.map((emoji) => emoji.tabIndex)).toEqual([0, -1]);

    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe(found[0]);
    await user.keyboard("{ArrowRight}");
    expect(focused()).toBe(found[1]);
    expect(found.map((emoji) => emoji.tabIndex)).toEqual([-1, 0]);
    await user.keyboard("{ArrowUp}");
    expect(focused()).toBe(search);
    await user.keyboard("{ArrowDown}{ArrowLeft}");
    expect(focused()).toBe(found[0]);
    await user.keyboard("{Enter}");

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reply.value).toBe("Thanks👍 for waiting");
    await waitFor(() => expect(focused()).toBe(reply));
    expect([reply.selectionStart, reply.selectionEnd]).toEqual([8, 8]);

    // Reopened: the data is not asked again, and Enter in the search picks the first match, at the caret.
    button.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(focused()?.getAttribute("type")).toBe("search"));
    await user.keyboard("red heart{Enter}");
    await waitFor(() => expect(reply.value).toBe("Thanks👍❤️ for waiting"));
    expect(requested.filter((path) => path === "/emoji/en")).toHaveLength(1);
  });

  it("says when nothing matches, keeps the column between rows, and Escape returns to the button", async () => {
    const user = userEvent.setup();
    renderReplyForm();
    const button = screen.getByRole("button", { name: "Add emoji" });
    button.focus();
    await user.keyboard("{Enter}");
    const picker = await screen.findByRole("dialog", { name: "Emoji" });
    const smileys = await within(picker).findByRole("grid", { name: "Smileys & emotion" }, loading);

    await user.keyboard("xyzzy");
    await waitFor(() => expect(within(picker).getByRole("status").textContent).toBe("No emoji found"));
    expect(within(picker).queryAllByRole("grid")).toEqual([]);
    await user.keyboard("{ArrowDown}");
    expect(focused()?.getAttribute("type")).toBe("search");
    await user.clear(within(picker).getByRole("searchbox"));

    const rows = within(await within(picker).findByRole("grid", { name: "Smileys & emotion" })).getAllByRole(
      "row",
    );
    expect(smileys.isConnected).toBe(false);
    const cells = (row: number) => within(rows[row] as HTMLElement).getAllByRole("button");
    expect(cells(0)).toHaveLength(8);
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe(cells(0)[0]);
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowDown}");
    expect(focused()).toBe(cells(1)[2]);
    await user.keyboard("{End}");
    expect(focused()).toBe(cells(1)[7]);
    await user.keyboard("{ArrowRight}");
    expect(focused()).toBe(cells(2)[0]);
    await user.keyboard("{Home}{ArrowUp}{ArrowUp}{ArrowUp}");
    expect(focused()?.getAttribute("type")).toBe("search");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(focused()).toBe(button));
    expect((screen.getByLabelText("Reply") as HTMLTextAreaElement).value).toBe("");
  });

  it("searches in the interface language, accents or not", async () => {
    const user = userEvent.setup();
    renderReplyForm("fr");
    screen.getByRole("button", { name: "Ajouter un emoji" }).focus();
    await user.keyboard("{Enter}");
    const picker = await screen.findByRole("dialog", { name: "Emoji" });
    await within(picker).findByRole("heading", { name: "Smileys et émotions" }, loading);
    await user.keyboard("cafe");
    const food = await within(picker).findByRole("grid", { name: "Nourriture et boissons" });
    expect(within(food).getByRole("button", { name: "boisson chaude" }).textContent).toBe("☕");
    expect(requested).toContain("/emoji/fr");
  });
});

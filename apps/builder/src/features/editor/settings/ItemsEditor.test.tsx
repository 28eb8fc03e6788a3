// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "use-intl";
import { afterEach, describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { locateBlock } from "../document/locate";
import { EditorStoreProvider, useDocument } from "../store/EditorStoreContext";
import type { EditorBlock, EditorDocument } from "../store/editorDocument";
import { createEditorStore, type EditorStore } from "../store/editorStore";
import { createTestDocument } from "../testing/createTestDocument";
import { ItemsEditor } from "./ItemsEditor";

afterEach(cleanup);

/** The test document with an AI agent (one "go to a group" path) in its first group. */
function createAgentStore(): EditorStore {
  const document = { ...createTestDocument(), theme: {}, settings: {} } as EditorDocument;
  document.groups[0]?.blocks.push({
    id: "agent",
    type: "AI agent",
    items: [{ id: "path-1" }],
    options: {},
  } as EditorBlock);
  return createEditorStore(document, "2026-01-01T00:00:00.000Z");
}

function AgentItems() {
  const block = useDocument((doc) => locateBlock(doc, "agent")?.block);
  return block ? <ItemsEditor block={block as EditorBlock} /> : null;
}

function Harness({ store }: { store: EditorStore }) {
  return (
    <IntlProvider locale="en" messages={interfaceMessages.en}>
      <EditorStoreProvider store={store}>
        <AgentItems />
      </EditorStoreProvider>
    </IntlProvider>
  );
}

describe("ItemsEditor: an AI agent's paths", () => {
  it("marks a path as the hand-over to a human, then asks where to save the summary", () => {
    const store = createAgentStore();
    render(<Harness store={store} />);
    expect(screen.queryByLabelText("Save the summary in")).toBeNull();
    fireEvent.click(
      screen.getByRole("switch", { name: "Hand over to a human (the model passes a summary)" }),
    );
    const path = () => locateBlock(store.getState().history.present, "agent")?.block as { items: unknown[] };
    expect(path().items).toEqual([{ id: "path-1", isHumanHandover: true }]);
    expect(screen.getByLabelText("Save the summary in")).toBeTruthy();
  });
});

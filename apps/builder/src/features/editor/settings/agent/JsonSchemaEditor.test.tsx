// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { IntlProvider } from "use-intl";
import { afterEach, describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { EditorStoreProvider } from "../../store/EditorStoreContext";
import type { EditorDocument } from "../../store/editorDocument";
import { createEditorStore } from "../../store/editorStore";
import { createTestDocument } from "../../testing/createTestDocument";
import { JsonSchemaEditor } from "./JsonSchemaEditor";

afterEach(cleanup);

/** The editor as the panel holds it: what it saves is the value it is given back. */
function Harness({ initial, saved }: { initial: unknown; saved: unknown[] }) {
  const [value, setValue] = useState(initial);
  // The JSON view's code box offers the bot's variables: it reads them from the editor's store.
  const [store] = useState(() =>
    createEditorStore(
      { ...createTestDocument(), theme: {}, settings: {} } as EditorDocument,
      "2026-01-01T00:00:00.000Z",
    ),
  );
  return (
    <IntlProvider locale="en" messages={interfaceMessages.en}>
      <EditorStoreProvider store={store}>
        <JsonSchemaEditor
          label="Parameters"
          value={value}
          onChange={(next) => {
            saved.push(next);
            setValue(next);
          }}
        />
      </EditorStoreProvider>
    </IntlProvider>
  );
}

describe("JsonSchemaEditor", () => {
  it("writes the JSON Schema from the parameter list, and shows it in the JSON view", async () => {
    const saved: unknown[] = [];
    render(<Harness initial={undefined} saved={saved} />);
    expect(screen.getByText("No parameters: the tool is called without any.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a parameter" }));
    fireEvent.change(screen.getByLabelText("Parameter name"), { target: { value: "orderId" } });
    fireEvent.change(screen.getByLabelText("Parameter description"), {
      target: { value: "The order number" },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "Required" }));
    fireEvent.click(screen.getByRole("button", { name: "Add a parameter" }));
    fireEvent.change(screen.getAllByLabelText("Parameter name")[1]!, { target: { value: "speed" } });
    fireEvent.change(screen.getAllByLabelText("Type")[1]!, { target: { value: "enum" } });
    const values = screen.getByPlaceholderText("Type and press Enter");
    fireEvent.change(values, { target: { value: "standard, express" } });
    fireEvent.keyDown(values, { key: "Enter" });
    expect(saved.at(-1)).toEqual({
      type: "object",
      properties: {
        orderId: { type: "string", description: "The order number" },
        speed: { type: "string", enum: ["standard", "express"] },
      },
      required: ["orderId"],
    });
    fireEvent.click(screen.getByRole("button", { name: "JSON" }));
    const json = screen.getByLabelText("Parameters as JSON Schema") as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual(saved.at(-1));
  });

  it("checks typed JSON against the meta-schema, says where it is wrong and saves only a valid schema", async () => {
    const saved: unknown[] = [];
    const initial = { type: "object", properties: { orderId: { type: "string" } } };
    render(<Harness initial={initial} saved={saved} />);
    fireEvent.click(screen.getByRole("button", { name: "JSON" }));
    const json = screen.getByLabelText("Parameters as JSON Schema");
    fireEvent.change(json, { target: { value: '{"type": "object", "properties": {' } });
    expect(within(screen.getByRole("alert")).getByText(/^Not valid JSON: /)).toBeTruthy();
    // The meta-schema check is loaded with the editor.
    fireEvent.change(json, {
      target: {
        value: '{"type": "object", "properties": {"count": {"type": "text"}}, "required": ["id"]}',
      },
    });
    await waitFor(
      () => expect(screen.getByRole("alert").textContent).toContain("At /properties/count/type"),
      {
        timeout: 15_000,
      },
    );
    expect(screen.getByRole("alert").textContent).toContain(
      'At /required/0: "id" is not one of the properties',
    );
    expect(saved).toEqual([]);
    const nested = {
      type: "object",
      properties: { address: { type: "object", properties: { city: { type: "string" } } } },
    };
    fireEvent.change(json, { target: { value: JSON.stringify(nested) } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(saved).toEqual([nested]);
    // A nested schema is more than the list shows: the list view is not offered for it.
    expect((screen.getByRole("button", { name: "Parameters" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

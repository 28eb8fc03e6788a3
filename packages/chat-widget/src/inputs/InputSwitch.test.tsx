// @vitest-environment jsdom
import type { ChatInput } from "@parley/schemas";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Answer } from "../session/ChatController";
import { widgetTextCatalogues } from "../widget-texts/widgetTextCatalogues";
import { registerWidgetTexts } from "../widgetTexts";
import { InputSwitch } from "./InputSwitch";

afterEach(cleanup);
// As the widget has them once loaded from the viewer (widgetTexts.test.ts loads them).
for (const [language, texts] of Object.entries(widgetTextCatalogues)) registerWidgetTexts(language, texts);

function renderInput(input: Record<string, unknown>, uploadFiles = vi.fn(), language?: string) {
  const answers: Answer[] = [];
  render(
    <InputSwitch
      input={input as ChatInput}
      onSubmit={(answer) => answers.push(answer)}
      systemMessages={{ fileUploadSizeError: "[[file]] is larger than [[limit]] MB." }}
      uploadFiles={uploadFiles}
      isPreview={false}
      language={language}
    />,
  );
  return answers;
}

describe("inputs", () => {
  it("date: sends the ISO value and shows it in the block's format", () => {
    const answers = renderInput({ id: "d", type: "date input", options: { format: "d MMM yyyy" } });
    expect(screen.getByLabelText("Date").getAttribute("placeholder")).toBe("dd/mm/yyyy");
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "01/05/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(answers).toEqual([{ text: "2026-05-01", label: "1 May 2026" }]);
  });

  it("date in the input's locale: its order without a format, its month names with one", () => {
    const answers = renderInput({ id: "d", type: "date input", options: { locale: "de" } });
    expect(screen.getByLabelText("Datum").getAttribute("placeholder")).toBe("TT.MM.JJJJ");
    fireEvent.change(screen.getByLabelText("Datum"), { target: { value: "1.5.2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    cleanup();
    const named = renderInput({
      id: "d",
      type: "date input",
      options: { locale: "fr", format: "EEEE d MMMM yyyy", labels: { button: "Envoyer" } },
    });
    expect(screen.getByLabelText("Date").getAttribute("placeholder")).toBe("jj/mm/aaaa");
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "01052026" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect([...answers, ...named]).toEqual([
      { text: "2026-05-01", label: "01.05.2026" },
      { text: "2026-05-01", label: "vendredi 1 mai 2026" },
    ]);
  });

  it("date range: refuses an end before the start", () => {
    const answers = renderInput({ id: "d", type: "date input", options: { isRange: true } });
    fireEvent.change(screen.getByLabelText("From:"), { target: { value: "10/05/2026" } });
    fireEvent.change(screen.getByLabelText("To:"), { target: { value: "01/05/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toContain("end date must come after");
    expect(answers).toEqual([]);
  });

  it("phone: prefixes the chosen country's code", () => {
    const answers = renderInput({
      id: "p",
      type: "phone number input",
      options: { defaultCountryCode: "GB" },
    });
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "DE" } });
    fireEvent.change(screen.getByLabelText("Type your phone number..."), {
      target: { value: "0151 2345678" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(answers[0]?.text).toBe("+491512345678");
  });

  it("rating: one click answers when one-click submit is on", () => {
    const answers = renderInput({
      id: "r",
      type: "rating input",
      options: {
        length: 5,
        startsAt: 1,
        isOneClickSubmitEnabled: true,
        labels: { left: "Bad", right: "Good" },
      },
    });
    expect(screen.getByText("Bad")).toBeTruthy();
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "4" }));
    expect(answers).toEqual([{ text: "4" }]);
  });

  it("rating without one-click submit: a radio group where arrow keys select, then Send", () => {
    const answers = renderInput({ id: "r", type: "rating input", options: { length: 5, startsAt: 1 } });
    const group = screen.getByRole("radiogroup", { name: "Rating" });
    const two = screen.getByRole("radio", { name: "2" });
    fireEvent.click(two);
    two.focus();
    fireEvent.keyDown(group, { key: "ArrowRight" });
    expect(screen.getByRole("radio", { name: "3" }).getAttribute("aria-checked")).toBe("true");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("3");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(answers).toEqual([{ text: "3" }]);
  });

  it("rating with icons: stars from 1, custom SVG as an image", () => {
    renderInput({
      id: "r",
      type: "rating input",
      options: {
        buttonType: "Icons",
        length: 3,
        customIcon: { isEnabled: true, svg: "<svg onload='alert(1)'></svg>" },
      },
    });
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("aria-label"))).toEqual([
      "1",
      "2",
      "3",
    ]);
    expect(document.querySelector("svg[onload]")).toBeNull();
    expect(document.querySelector("img")?.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  });

  it("file: refuses other types, uploads the allowed ones and answers with their URLs", async () => {
    const uploadFiles = vi.fn(async (files: File[]) =>
      files.map((file) => `https://files.test/${file.name}`),
    );
    const answers = renderInput(
      { id: "f", type: "file input", options: { allowedFileTypes: { isEnabled: true, types: [".txt"] } } },
      uploadFiles,
    );
    const field = screen.getByLabelText("Click to upload or drag and drop");
    fireEvent.change(field, { target: { files: [new File(["x"], "a.png", { type: "image/png" })] } });
    expect(screen.getByRole("alert").textContent).toContain("not accepted");
    fireEvent.change(field, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    fireEvent.click(screen.getByRole("button", { name: "Upload" }));
    await vi.waitFor(() =>
      expect(answers).toEqual([{ text: "https://files.test/notes.txt", label: "File uploaded" }]),
    );
  });

  it("number: checks min and max before sending", () => {
    const answers = renderInput({ id: "n", type: "number input", options: { min: 1, max: 5 } });
    const field = screen.getByLabelText("Type a number...");
    fireEvent.change(field, { target: { value: "9" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a number of at most 5.");
    fireEvent.change(field, { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(answers).toEqual([{ text: "4" }]);
  });

  it("number in the conversation's language: typed with its decimal mark, sent as the engine reads it", () => {
    const answers = renderInput(
      { id: "n", type: "number input", options: { max: 10, step: 0.5 } },
      vi.fn(),
      "de",
    );
    const field = screen.getByLabelText("Geben Sie eine Zahl ein...");
    fireEvent.change(field, { target: { value: "12,5" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(screen.getByRole("alert").textContent).toBe("Bitte geben Sie eine Zahl von höchstens 10 ein.");
    fireEvent.change(field, { target: { value: "3,25" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(screen.getByRole("alert").textContent).toBe("Bitte geben Sie ein Vielfaches von 0,5 ein.");
    fireEvent.change(field, { target: { value: "3,5" } });
    fireEvent.click(screen.getByRole("button", { name: "Senden" }));
    expect(answers).toEqual([{ text: "3.5", label: "3,5" }]);
  });

  it("date in the conversation's language: picked from a calendar written in it", () => {
    const answers = renderInput({ id: "d", type: "date input", options: { locale: "fr" } }, vi.fn(), "fr");
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "3/11/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "calendrier grégorien" }));
    const calendar = screen.getByRole("dialog", { name: "novembre 2026" });
    expect([...calendar.querySelectorAll("th")].map((header) => header.textContent).join("")).toBe("LMMJVSD");
    expect(screen.getByRole("button", { name: "mardi 3 novembre 2026" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    fireEvent.keyDown(screen.getByRole("button", { name: "mardi 3 novembre 2026" }), { key: "PageDown" });
    expect(screen.getByRole("dialog", { name: "décembre 2026" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "novembre 2026" }));
    fireEvent.click(screen.getByRole("button", { name: "octobre 2026" }));
    fireEvent.click(screen.getByRole("button", { name: "samedi 31 octobre 2026" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect((screen.getByLabelText("Date") as HTMLInputElement).value).toBe("31/10/2026");
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(answers).toEqual([{ text: "2026-10-31", label: "31/10/2026" }]);
  });

  it("time in the conversation's language: its hour cycle, sent as HH:mm", () => {
    const answers = renderInput({ id: "t", type: "time input" }, vi.fn(), "en-US");
    const field = screen.getByLabelText("Time");
    expect(field.getAttribute("placeholder")).toBe("hh:mm AM/PM");
    fireEvent.change(field, { target: { value: "2:30 pm" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    cleanup();
    const french = renderInput({ id: "t", type: "time input" }, vi.fn(), "fr");
    expect(screen.getByLabelText("Heure").getAttribute("placeholder")).toBe("hh:mm");
    fireEvent.change(screen.getByLabelText("Heure"), { target: { value: "25:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(screen.getByRole("alert").textContent).toBe("Veuillez écrire l’heure sous la forme hh:mm.");
    fireEvent.change(screen.getByLabelText("Heure"), { target: { value: "14h05" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect([...answers, ...french]).toEqual([
      { text: "14:30", label: "14:30" },
      { text: "14:05", label: "14:05" },
    ]);
  });

  it("writes its own errors in the conversation's language (a region reads its language), else English", () => {
    renderInput({ id: "n", type: "number input", options: {} }, vi.fn(), "fr-CA");
    fireEvent.change(screen.getByLabelText("Saisissez un nombre..."), { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(screen.getByRole("alert").textContent).toBe("Veuillez saisir un nombre.");
    cleanup();
    renderInput({ id: "d", type: "date input", options: { isRange: true, locale: "es" } }, vi.fn(), "es");
    const [from, to] = screen.getAllByRole("textbox");
    fireEvent.change(from as HTMLElement, { target: { value: "10/11/2026" } });
    fireEvent.change(to as HTMLElement, { target: { value: "3/11/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(screen.getByRole("alert").textContent).toBe("La fecha de fin debe ser posterior a la de inicio.");
    cleanup();
    renderInput(
      { id: "f", type: "file input", options: { allowedFileTypes: { isEnabled: true, types: [".txt"] } } },
      vi.fn(),
      "pt-BR",
    );
    fireEvent.change(screen.getByLabelText("Clique para enviar ou arraste e solte"), {
      target: { files: [new File(["x"], "a.png", { type: "image/png" })] },
    });
    expect(screen.getByRole("alert").textContent).toBe("a.png: este tipo de arquivo não é aceito (.txt).");
    cleanup();
    renderInput({ id: "n", type: "number input", options: { min: 2 } }, vi.fn(), "ar");
    fireEvent.change(screen.getByLabelText("Type a number..."), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter a number of at least 2.");
  });

  it("multiple choice with search sends the picked labels", () => {
    const answers = renderInput({
      id: "c",
      type: "choice input",
      items: [
        { id: "a", content: "Apple" },
        { id: "b", content: "Banana" },
        { id: "c", content: "Cherry" },
      ],
      options: { isMultipleChoice: true, isSearchable: true },
    });
    fireEvent.change(screen.getByLabelText("Filter the options..."), { target: { value: "an" } });
    expect(screen.getAllByRole("checkbox").map((box) => box.textContent)).toEqual(["Banana"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Banana" }));
    fireEvent.change(screen.getByLabelText("Filter the options..."), { target: { value: "" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Apple" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(answers).toEqual([{ text: "Apple, Banana" }]);
  });
});

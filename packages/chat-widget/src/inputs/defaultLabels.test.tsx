// @vitest-environment jsdom
import type { ChatInput } from "@parley/schemas";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Answer } from "../session/ChatController";
import { widgetTextCatalogues } from "../widget-texts/widgetTextCatalogues";
import { registerWidgetTexts } from "../widgetTexts";
import { InputSwitch } from "./InputSwitch";

afterEach(cleanup);
// As the widget has them once loaded from the viewer (widgetTexts.test.ts loads them).
for (const [language, texts] of Object.entries(widgetTextCatalogues)) registerWidgetTexts(language, texts);

function renderInput(input: Record<string, unknown>, language?: string, uploadFiles = vi.fn()) {
  const answers: Answer[] = [];
  render(
    <InputSwitch
      input={input as ChatInput}
      onSubmit={(answer) => answers.push(answer)}
      systemMessages={{}}
      uploadFiles={uploadFiles}
      isPreview={false}
      language={language}
    />,
  );
  return answers;
}

const placeholderOf = (name: string) => screen.getByLabelText(name).getAttribute("placeholder");

describe("the inputs' default words, where the author set none", () => {
  it("text input: French send button, placeholder and button names in a French conversation", () => {
    renderInput(
      {
        id: "t",
        type: "text input",
        options: { attachments: { isEnabled: true }, audioClip: { isEnabled: true } },
      },
      "fr",
    );
    expect(placeholderOf("Saisissez votre réponse...")).toBe("Saisissez votre réponse...");
    expect(screen.getByRole("button", { name: "Envoyer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Joindre des fichiers" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enregistrer un message vocal" })).toBeTruthy();
    expect(screen.queryByText(/Send|Type your/)).toBeNull();
  });

  it("the author's labels and their translations win over the widget's words", () => {
    renderInput(
      {
        id: "t",
        type: "text input",
        options: { labels: { placeholder: "Votre prénom", button: "Valider" } },
      },
      "fr",
    );
    expect(screen.getByLabelText("Votre prénom")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Valider" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Envoyer" })).toBeNull();
    cleanup();
    renderInput(
      {
        id: "f",
        type: "file input",
        options: { isRequired: false, labels: { button: "Déposer", skip: "Plus tard" } },
      },
      "fr",
    );
    expect(screen.getByRole("button", { name: "Déposer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Plus tard" })).toBeTruthy();
    expect(screen.getByText("Cliquez pour importer ou glissez-déposez")).toBeTruthy();
  });

  it("file input: its texts, the list's name and the answer's bubble in French", async () => {
    const uploadFiles = vi.fn(async (files: File[]) =>
      files.map((file) => `https://files.test/${file.name}`),
    );
    const answers = renderInput(
      { id: "f", type: "file input", options: { isRequired: false, isMultipleAllowed: true } },
      "fr",
      uploadFiles,
    );
    const field = screen.getByLabelText("Cliquez pour importer ou glissez-déposez");
    expect(screen.getByRole("button", { name: "Passer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Importer" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(field, { target: { files: [new File(["a"], "a.txt"), new File(["b"], "b.txt")] } });
    expect(screen.getByRole("list", { name: "Fichiers sélectionnés" }).querySelectorAll("li")).toHaveLength(
      2,
    );
    fireEvent.click(screen.getByRole("button", { name: "Effacer" }));
    expect(screen.queryByRole("list")).toBeNull();
    fireEvent.change(field, { target: { files: [new File(["a"], "a.txt"), new File(["b"], "b.txt")] } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Importer" })));
    expect(answers).toEqual([
      { text: "https://files.test/a.txt, https://files.test/b.txt", label: "2 fichiers importés" },
    ]);
  });

  it("email, URL, number and phone fields, with the country's name, in German", () => {
    for (const [type, placeholder] of [
      ["email input", "Geben Sie Ihre E-Mail-Adresse ein..."],
      ["url input", "Geben Sie eine URL ein..."],
      ["number input", "Geben Sie eine Zahl ein..."],
      ["phone number input", "Geben Sie Ihre Telefonnummer ein..."],
    ]) {
      renderInput({ id: "x", type }, "de");
      expect(placeholderOf(placeholder as string), type).toBe(placeholder);
      expect(screen.getByRole("button", { name: "Senden" })).toBeTruthy();
      cleanup();
    }
    renderInput({ id: "p", type: "phone number input" }, "de");
    expect(screen.getByRole("combobox", { name: "Land" })).toBeTruthy();
  });

  it("date range, time, rating, choices, pictures and cards in Spanish and Portuguese", () => {
    renderInput({ id: "d", type: "date input", options: { isRange: true } }, "es");
    expect(screen.getByLabelText("Desde:")).toBeTruthy();
    expect(screen.getByLabelText("Hasta:")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeTruthy();
    cleanup();
    renderInput({ id: "t", type: "time input" }, "pt-BR");
    expect(screen.getByLabelText("Horário")).toBeTruthy();
    cleanup();
    renderInput({ id: "r", type: "rating input", options: { length: 3 } }, "pt-BR");
    expect(screen.getByRole("radiogroup", { name: "Avaliação" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeTruthy();
    cleanup();
    renderInput(
      {
        id: "c",
        type: "choice input",
        items: [{ id: "a", content: "Manzana" }],
        options: { isMultipleChoice: true, isSearchable: true },
      },
      "es",
    );
    expect(placeholderOf("Filtrar las opciones...")).toBe("Filtrar las opciones...");
    expect(screen.getByRole("group", { name: "Opciones" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeTruthy();
    cleanup();
    const picked = renderInput(
      {
        id: "p",
        type: "picture choice input",
        items: [{ id: "p1", pictureSrc: "https://pictures.test/1.png" }],
      },
      "es",
    );
    fireEvent.click(screen.getByRole("button", { name: "Imagen" }));
    expect(picked).toEqual([{ text: "Imagen", replyId: "p1" }]);
    cleanup();
    renderInput({ id: "k", type: "cards", items: [{ id: "k1", description: "Sin título" }] }, "pt-BR");
    expect(screen.getByRole("list", { name: "Cartões" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Selecionar" })).toBeTruthy();
  });

  it("payment: the pay button in French", () => {
    renderInput(
      {
        id: "pay",
        type: "payment input",
        runtimeOptions: {
          paymentIntentSecret: "pi_1_secret_2",
          amountLabel: "10,00 €",
          publicKey: "pk_test_1",
        },
      },
      "fr",
    );
    expect(screen.getByRole("button", { name: "Payer 10,00 €" })).toBeTruthy();
    // Stripe.js is never fetched here (jsdom); the script the widget added goes.
    for (const script of document.querySelectorAll("script")) script.remove();
  });

  it("a conversation without a language, or in one without a catalogue, reads English", () => {
    renderInput({ id: "t", type: "text input" }, undefined);
    expect(placeholderOf("Type your answer...")).toBe("Type your answer...");
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    cleanup();
    renderInput({ id: "f", type: "file input" }, "ja");
    expect(screen.getByLabelText("Click to upload or drag and drop")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Upload" })).toBeTruthy();
  });
});

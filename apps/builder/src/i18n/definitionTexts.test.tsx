// @vitest-environment jsdom
import {
  type Block,
  type BlockSummaryContext,
  type BlockTextTranslator,
  blockDefinitions,
  blockEditorTexts,
} from "@parley/schemas";
import { createSampleBlock } from "@parley/schemas/bot/testing/createSampleBlock";
import { credentialsDefinitions, getFieldFacts } from "@parley/schemas/credentials";
import { cleanup, render } from "@testing-library/react";
import { ReactFlowProvider } from "@xyflow/react";
import { IntlProvider } from "use-intl";
import { createTranslator } from "use-intl/core";
import { afterEach, describe, expect, it } from "vitest";
import { CredentialsFields } from "@/features/credentials/CreateCredentialsDialog";
import {
  getCredentialsFormFields,
  getInitialCredentialsValues,
} from "@/features/credentials/credentialsForm";
import { BlockRow } from "@/features/editor/canvas/BlockRow";
import { OptionsForm } from "@/features/editor/settings/OptionsForm";
import { EditorStoreProvider } from "@/features/editor/store/EditorStoreContext";
import type { EditorBlock, EditorDocument } from "@/features/editor/store/editorDocument";
import { createEditorStore } from "@/features/editor/store/editorStore";
import { createTestDocument } from "@/features/editor/testing/createTestDocument";
import { interfaceMessages } from "./interfaceMessages";

afterEach(cleanup);

const variable = { id: "v-name", name: "Name" };

/** Every kind's sample block in a group of the test document, the variables it saves into named. */
function createDocument(blocks: EditorBlock[]): EditorDocument {
  const document = { ...createTestDocument(), theme: {}, settings: {} } as EditorDocument;
  document.variables = [...(document.variables ?? []), variable];
  document.groups[0]?.blocks.push(...blocks);
  return document;
}

function Harness({
  locale,
  document,
  children,
}: {
  locale: "en" | "fr";
  document: EditorDocument;
  children: React.ReactNode;
}) {
  return (
    <IntlProvider locale={locale} messages={interfaceMessages[locale]}>
      <ReactFlowProvider>
        <EditorStoreProvider store={createEditorStore(document, "2026-01-01T00:00:00.000Z")}>
          {children}
        </EditorStoreProvider>
      </ReactFlowProvider>
    </IntlProvider>
  );
}

/** The words of an English message that French writes otherwise (its arguments left out). */
function englishPhrases(english: string, french: string): string[] {
  if (english === french) return [];
  return english
    .split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)
    .map((part) => part.trim())
    .filter((part) => /[a-z]{3}/i.test(part) && !french.includes(part));
}

const samples = blockDefinitions.map(
  (definition, index) =>
    createSampleBlock(definition.type, { id: `sample-${index}`, variableId: variable.id }) as EditorBlock,
);

describe("the canvas in the interface language", () => {
  it("draws every kind's summary, item rows and exits in French, no English word of the catalogue left", () => {
    const french = interfaceMessages.fr.BlockEditorTexts as Record<string, string>;
    const phrases = Object.entries(blockEditorTexts).flatMap(([key, english]) =>
      englishPhrases(english, french[key] ?? ""),
    );
    expect(phrases.length).toBeGreaterThan(50);
    const document = createDocument(samples);
    const renderBlocks = (locale: "en" | "fr") => {
      const { container, unmount } = render(
        <Harness locale={locale} document={document}>
          {samples.map((block) => (
            <BlockRow key={block.id} block={block} isLast={false} />
          ))}
        </Harness>,
      );
      const text = container.textContent ?? "";
      unmount();
      return text;
    };
    const english = renderBlocks("en");
    const inFrench = renderBlocks("fr");
    // The English canvas says them, so the French one is checked on the same texts.
    expect(english).toContain("Send email to");
    expect(english).toContain("Rate from");
    expect(phrases.filter((phrase) => english.includes(phrase)).length).toBeGreaterThan(15);
    expect(phrases.filter((phrase) => inFrench.includes(phrase))).toEqual([]);
    expect(inFrench).toContain("Envoyer un e-mail à");
    expect(inFrench).toContain("Noter de 1 à 5");
    // Stored values a summary quotes: the Sheets block's action.
    expect(english).toContain("Get data from sheet");
    expect(inFrench).not.toContain("Get data from sheet");
    expect(inFrench).toContain("Lire des données de la feuille");
  });

  it("writes summaries with the reader's translator in every interface language", () => {
    const summarize = (language: "fr" | "de" | "es" | "pt-BR", block: Block) => {
      const translate = createTranslator({
        locale: language,
        messages: interfaceMessages[language],
        namespace: "BlockEditorTexts",
      }) as unknown as (key: string, values?: object) => string;
      const t: BlockTextTranslator = (key, values) => translate(key, values);
      const context: BlockSummaryContext = {
        variableName: (id) => (id === variable.id ? variable.name : undefined),
        groupTitle: () => "Fin",
        t,
        optionValue: (_option, value) => value,
      };
      return blockDefinitions
        .find((definition) => definition.type === block.type)
        ?.getSummary(block as never, context);
    };
    const wait = { id: "w", type: "Wait", options: { secondsToWaitFor: "3" } } as Block;
    expect(summarize("de", wait)).toBe("3 s warten");
    const agent = {
      id: "a",
      type: "AI agent",
      items: [],
      options: { credentialsId: "c", model: "gpt-4o-mini", knowledgeBaseIds: ["k1", "k2"] },
    } as unknown as Block;
    expect(summarize("es", agent)).toBe("Agente · gpt-4o-mini · 2 bases de conocimiento");
    const condition = createSampleBlock("Condition", { id: "c", variableId: variable.id });
    const item = condition.items[0];
    const conditionDefinition = blockDefinitions.find((definition) => definition.type === "Condition");
    const translate = createTranslator({
      locale: "pt-BR",
      messages: interfaceMessages["pt-BR"],
      namespace: "BlockEditorTexts",
    }) as unknown as (key: string, values?: object) => string;
    expect(
      item &&
        conditionDefinition?.canvas?.getItemSummary?.(condition as never, item as never, {
          variableName: () => "Name",
          groupTitle: () => undefined,
          t: (key, values) => translate(key, values),
          optionValue: (_option, value) => value,
        }),
    ).toMatch(/^Se \{\{Name\}\} /);
  });
});

describe("the forms in the interface language", () => {
  it("labels a kind's own options in French (its definition's labels, translated)", () => {
    const loop = {
      id: "loop",
      type: "Loop",
      options: { listVariableId: variable.id },
    } as EditorBlock;
    const { container } = render(
      <Harness locale="fr" document={createDocument([loop])}>
        <OptionsForm block={loop} field="options" />
      </Harness>,
    );
    const labels = [...container.querySelectorAll("label, legend")].map((label) => label.textContent);
    expect(labels).toContain("Liste à parcourir");
    expect(labels).toContain("Nombre maximal d’itérations");
    expect(labels).not.toContain("List to go through");
  });

  it("lists an option's stored values in French: words translated, units as Intl names them", () => {
    const rating = { id: "rating", type: "rating input", options: {} } as EditorBlock;
    const number = {
      id: "number",
      type: "number input",
      options: { style: "unit", unit: "kilogram" },
    } as EditorBlock;
    const { container } = render(
      <Harness locale="fr" document={createDocument([rating, number])}>
        <OptionsForm block={rating} field="options" />
        <OptionsForm block={number} field="options" />
      </Harness>,
    );
    const options = [...container.querySelectorAll("option")].map((option) => option.textContent);
    expect(options).toEqual(expect.arrayContaining(["Chiffres", "Icônes", "Avec une unité", "kilogrammes"]));
    expect(options).not.toContain("Numbers");
    expect(options).not.toContain("kilogram");
  });

  it("writes every credentials form's labels and hints in French, none of the English ones left", () => {
    const englishTexts = new Set<string>();
    for (const definition of credentialsDefinitions)
      for (const [, facts] of getFieldFacts(definition)) {
        englishTexts.add(facts.label);
        if (facts.hint) englishTexts.add(facts.hint);
      }
    // Names of products and protocols read the same in French.
    const sameInFrench = new Set(["Host", "Port", "Stripe", "Variable", "Description", "Message", "Action"]);
    for (const definition of credentialsDefinitions) {
      const { container, unmount } = render(
        <IntlProvider locale="fr" messages={interfaceMessages.fr}>
          <CredentialsFields
            definition={definition}
            fields={getCredentialsFormFields(definition.type)}
            values={getInitialCredentialsValues(definition.type)}
            onChange={() => {}}
          />
        </IntlProvider>,
      );
      const shown = [...container.querySelectorAll("label, legend, p, [id$='-hint']")].map(
        (node) => node.textContent?.trim() ?? "",
      );
      expect(shown.length, definition.type).toBeGreaterThan(0);
      const english = shown.filter((text) => englishTexts.has(text) && !sameInFrench.has(text));
      expect(english, definition.type).toEqual([]);
      unmount();
    }
    const smtp = render(
      <IntlProvider locale="fr" messages={interfaceMessages.fr}>
        <CredentialsFields
          definition={credentialsDefinitions.find((definition) => definition.type === "smtp")!}
          fields={getCredentialsFormFields("smtp")}
          values={getInitialCredentialsValues("smtp")}
          onChange={() => {}}
        />
      </IntlProvider>,
    );
    expect(smtp.getByText("Désactivé : STARTTLS quand le serveur le propose.")).toBeTruthy();
    expect(smtp.getByLabelText("Adresse d’expédition")).toBeTruthy();
  });
});

import { de } from "./de";
import { en, type WidgetTexts } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { ptBR } from "./ptBR";

/**
 * Every catalogue of the widget's own words, by language (the runtime's languages, docs/languages.md): the viewer
 * serves each at `/embed-texts/<language>.json`, the widget loads the one its conversation speaks. Not imported by
 * the widget itself, so the embed's bundle carries English only.
 */
export const widgetTextCatalogues: Record<"en" | "fr" | "de" | "es" | "pt-BR", WidgetTexts> = {
  en,
  fr,
  de,
  es,
  "pt-BR": ptBR,
};

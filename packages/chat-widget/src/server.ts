/**
 * Server-side helpers (no React hooks): the share page's head, colours and tag manager; the built widget files
 * (embed.js, fonts) and the widget's own words in other languages.
 */
export { getTagManagerScript, hashCode, startPropMarker } from "./actions/injectStartProps";
export { handleFontRequest, serveWidgetAsset } from "./assets/serveWidgetAsset";
export { handleWidgetTextsRequest } from "./assets/serveWidgetTexts";
export { getThemeVariables } from "./theme/getThemeVariables";

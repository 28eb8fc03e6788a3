/** Server-side helpers (no React hooks): the share page's head, colours and tag manager; the built widget files (embed.js, fonts). */
export { getTagManagerScript, hashCode, startPropMarker } from "./actions/injectStartProps";
export { handleFontRequest, serveWidgetAsset } from "./assets/serveWidgetAsset";
export { getThemeVariables } from "./theme/getThemeVariables";

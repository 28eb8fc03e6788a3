/** Pure helpers safe in server components (no React hooks): the share page's head, colours and tag manager. */
export { getTagManagerScript, hashCode, startPropMarker } from "./actions/injectStartProps";
export { getThemeVariables } from "./theme/getThemeVariables";

export {
  type ConfigSection,
  type ConfigVariable,
  configSections,
  defineVariable,
  type ProcessRole,
} from "./defineVariable";
export { builderUrlOf, viewerUrlOf } from "./publicUrls";
export {
  ConfigError,
  type ConfigProblem,
  checkConfigAtStart,
  readConfig,
  variablesReadBy,
} from "./readConfig";
export {
  type ConfigName,
  type ConfigValues,
  configVariables,
  longestSessionExpiryHours,
} from "./variables";

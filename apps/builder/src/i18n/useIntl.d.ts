import type { InterfaceLanguage } from "@parley/schemas/management/interfaceLanguages";
import type { InterfaceMessages } from "./interfaceMessages";

// Keys and arguments are checked against English's catalogue: `t("missing")` does not compile.
declare module "use-intl" {
  interface AppConfig {
    Locale: InterfaceLanguage;
    Messages: InterfaceMessages;
  }
}

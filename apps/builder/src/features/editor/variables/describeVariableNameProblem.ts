import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import type { VariableNameProblem } from "../document/variables";

/** Why a variable name was refused, in the interface language. */
export function describeVariableNameProblem(
  problem: VariableNameProblem,
  name: string,
  t: InterfaceTranslator<"Variables">,
): string {
  switch (problem) {
    case "missing":
      return t("nameMissing");
    case "braces":
      return t("nameBraces");
    case "taken":
      return t("nameTaken", { name: name.trim() });
  }
}

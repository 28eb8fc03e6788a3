import type { InterfaceTranslator } from "@/i18n/interfaceMessages";

export const roleValues = ["ADMIN", "MEMBER", "GUEST"] as const;
export type Role = (typeof roleValues)[number];

/** The workspace roles as the members page offers them, in the interface language. */
export const getRoles = (t: InterfaceTranslator<"Roles">) =>
  [
    { value: "ADMIN", label: t("admin"), hint: t("adminHint") },
    { value: "MEMBER", label: t("member"), hint: t("memberHint") },
    { value: "GUEST", label: t("guest"), hint: t("guestHint") },
  ] as const satisfies readonly { value: Role; label: string; hint: string }[];

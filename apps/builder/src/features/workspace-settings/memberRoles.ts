/** The workspace roles as the members page offers them. */
export const roles = [
  { value: "ADMIN", label: "Admin", hint: "Everything, including members and billing" },
  { value: "MEMBER", label: "Member", hint: "Creates and edits bots and folders" },
  { value: "GUEST", label: "Guest", hint: "Reads bots and results" },
] as const;
export type Role = (typeof roles)[number]["value"];

import { getThemeVariables } from "@parley/chat-widget/server";
import type { Theme } from "@parley/schemas";

/** What a closed bot's page shows: its `botClosed` system message, in its colours. */
export function ClosedBot({ message, theme }: { message: string; theme: Theme }) {
  const variables = getThemeVariables(theme);
  return (
    <main
      role="status"
      style={{
        minHeight: "100dvh",
        display: "grid",
        placeItems: "center",
        padding: 24,
        boxSizing: "border-box",
        fontFamily: variables["--parley-font"],
        color: variables["--parley-container-color"],
      }}
    >
      <div
        style={{
          maxWidth: 460,
          padding: "28px 32px",
          textAlign: "center",
          fontSize: 18,
          lineHeight: 1.5,
          background: variables["--parley-container-bg"],
          borderRadius: 16,
          boxShadow: "0 1px 3px rgb(0 0 0 / 0.08)",
        }}
      >
        {message}
      </div>
    </main>
  );
}

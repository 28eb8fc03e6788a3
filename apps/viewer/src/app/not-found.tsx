import type { Metadata } from "next";

export const metadata: Metadata = { title: "Bot not found", robots: { index: false, follow: false } };

export default function NotFound() {
  return (
    <main
      style={{
        minHeight: "100vh",
        display: "grid",
        placeItems: "center",
        padding: 24,
        background: "#F4F4F6",
        color: "#18181B",
        fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      }}
    >
      <div style={{ textAlign: "center", maxWidth: 420 }}>
        <p style={{ margin: 0, fontSize: 14, fontWeight: 600, letterSpacing: "0.08em", color: "#4F46E5" }}>
          404
        </p>
        <h1 style={{ margin: "8px 0 12px", fontSize: 28, lineHeight: 1.2 }}>This bot does not exist</h1>
        <p style={{ margin: 0, color: "#52525B", lineHeight: 1.6 }}>
          The link may be mistyped, or the bot was unpublished by its author.
        </p>
      </div>
    </main>
  );
}

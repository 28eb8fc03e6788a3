import type { ReactNode } from "react";

/** The pay page's frame: the bot's name and amount when known, a title and a line of explanation. */
export function PaymentNotice({
  title,
  botName,
  amountLabel,
  children,
}: {
  title: string;
  botName?: string;
  amountLabel?: string;
  children?: ReactNode;
}) {
  return (
    <main
      style={{ maxWidth: 480, margin: "10vh auto", padding: "0 20px", fontFamily: "system-ui, sans-serif" }}
    >
      {botName ? <p style={{ color: "#555", margin: 0 }}>{botName}</p> : null}
      <h1 style={{ fontSize: 24, margin: "8px 0" }}>{title}</h1>
      {amountLabel ? <p style={{ fontSize: 20, margin: "8px 0" }}>{amountLabel}</p> : null}
      {children ? <div style={{ color: "#333" }}>{children}</div> : null}
    </main>
  );
}

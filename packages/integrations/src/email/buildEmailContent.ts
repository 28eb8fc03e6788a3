import type { SendEmailRequest } from "@parley/engine";
import escapeHtml from "escape-html";

/**
 * The body of the e-mail: the custom body as text or HTML, or, by default, a summary of the
 * result's answers with a link to the bot's results page.
 */
export function buildEmailContent(
  request: Pick<SendEmailRequest, "body" | "isHtml" | "answers" | "botId">,
  builderUrl: string,
): { text: string | null; html: string | null } {
  if (request.body !== null)
    return request.isHtml ? { text: null, html: request.body } : { text: request.body, html: null };
  const resultsUrl = `${builderUrl.replace(/\/+$/, "")}/bots/${encodeURIComponent(request.botId)}/results`;
  const answers = request.answers.filter((answer) => answer.value.trim() !== "");
  const text = [
    ...(answers.length ? answers.map((answer) => `${answer.key}: ${answer.value}`) : ["No answer yet."]),
    "",
    `See all results: ${resultsUrl}`,
  ].join("\n");
  const rows = answers
    .map(
      (answer) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(answer.key)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(answer.value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="font-family:sans-serif">${
    rows ? `<table>${rows}</table>` : "<p>No answer yet.</p>"
  }<p><a href="${escapeHtml(resultsUrl)}">See all results</a></p></body></html>`;
  return { text, html };
}

/** A subject for e-mails whose block leaves it empty. */
export const defaultEmailSubject = "New answers from your bot";

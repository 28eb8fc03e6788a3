import { getPrisma } from "@parley/db";
import {
  createServiceAccountKeys,
  type GoogleSheetsProtocolServer,
  startGoogleSheetsProtocolServer,
} from "@parley/integrations/testing/googleSheetsProtocolServer";
import { createTestTeam, type TestUser } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { appRouter } from "../appRouter";

const clientEmail = "sheets-editor@parley-tests.iam.gserviceaccount.com";
const { publicKey, privateKey } = createServiceAccountKeys();
/** The JSON key file Google's console downloads. */
const serviceAccountJson = {
  type: "service_account",
  project_id: "parley-tests",
  private_key_id: "4f1e2d3c",
  private_key: privateKey,
  client_email: clientEmail,
  client_id: "104250000000000000000",
  token_uri: "https://oauth2.googleapis.com/token",
};
let google: GoogleSheetsProtocolServer;
let api: {
  callApi: typeof import("../../testing/fixtures").callApi;
  callerFor: (user: TestUser) => ReturnType<typeof appRouter.createCaller>;
};

beforeAll(async () => {
  google = await startGoogleSheetsProtocolServer({ clientEmail, publicKey });
  google.spreadsheets.set("1SheetsListTest_abc-123", [
    { sheetId: 0, title: "Leads", values: [["Email"]] },
    { sheetId: 918273645, title: "Orders 2026", values: [] },
  ]);
  // The operator's settings, read when the server's modules load: pointed at the local server first.
  process.env.GOOGLE_OAUTH_TOKEN_URL = google.tokenUrl;
  process.env.GOOGLE_SHEETS_API_URL = google.sheetsApiUrl;
  const [{ callApi }, { createCallerFactory }, { appRouter: router }, { logger }] = await Promise.all([
    import("../../testing/fixtures"),
    import("../../trpc"),
    import("../appRouter"),
    import("@parley/platform/logger"),
  ]);
  api = {
    callApi,
    callerFor: (user) =>
      createCallerFactory(router)({
        prisma: getPrisma(),
        logger,
        requestId: "test",
        authenticate: async () => ({ id: user.user.id, email: user.email, name: null }),
      }),
  };
});
afterAll(() => google.close());

async function createSheetsCredentials(token: string, workspaceId: string, data: unknown) {
  return api.callApi("POST", "/credentials", {
    token,
    body: { workspaceId, credentials: { type: "googleSheets", name: "Sheets", data } },
  });
}

describe("Google Sheets credentials and the sheet list", () => {
  it("stores a pasted service-account JSON key encrypted, keeping only the e-mail and key", async () => {
    const team = await createTestTeam();
    const created = await createSheetsCredentials(team.member.token, team.workspaceId, serviceAccountJson);
    expect(created.status).toBe(200);
    expect(created.body.credentials).toMatchObject({ type: "googleSheets", name: "Sheets" });
    expect(JSON.stringify(created.body)).not.toContain("PRIVATE KEY");
    const row = await getPrisma().credentials.findUniqueOrThrow({
      where: { id: created.body.credentials.id },
    });
    expect(row.data).not.toContain("PRIVATE KEY");
    expect(row.data).not.toContain(clientEmail);

    const bad = await createSheetsCredentials(team.member.token, team.workspaceId, {
      client_email: "not-an-email",
      private_key: "MIIEvQIBADANBg",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string[] }) => issue.path.join("."))).toEqual([
      "credentials.data.client_email",
      "credentials.data.private_key",
    ]);
  });

  it("lists the sheets of a spreadsheet given by its address, as the credentials' service account", async () => {
    const team = await createTestTeam();
    const created = await createSheetsCredentials(team.member.token, team.workspaceId, serviceAccountJson);
    const listed = await api.callerFor(team.member).integrations.listGoogleSheets({
      workspaceId: team.workspaceId,
      credentialsId: created.body.credentials.id,
      spreadsheet:
        "https://docs.google.com/spreadsheets/d/1SheetsListTest_abc-123/edit?gid=918273645#gid=918273645",
    });
    expect(listed).toEqual({
      spreadsheetId: "1SheetsListTest_abc-123",
      sheets: [
        { id: "0", title: "Leads" },
        { id: "918273645", title: "Orders 2026" },
      ],
    });
    expect(google.sheetsRequests.at(-1)).toMatchObject({
      method: "GET",
      path: "/v4/spreadsheets/1SheetsListTest_abc-123?fields=sheets.properties",
    });
  });

  it("explains what Google refused, and refuses guests and other workspaces' credentials", async () => {
    const team = await createTestTeam();
    const created = await createSheetsCredentials(team.member.token, team.workspaceId, serviceAccountJson);
    const list = (user: TestUser, workspaceId: string, spreadsheet: string) =>
      api.callerFor(user).integrations.listGoogleSheets({
        workspaceId,
        credentialsId: created.body.credentials.id,
        spreadsheet,
      });
    await expect(list(team.member, team.workspaceId, "1Unknown")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      issues: [
        {
          code: "GOOGLE_SHEETS_ERROR",
          message:
            "The spreadsheet was not found: check its address or id (Google: Requested entity was not found.)",
        },
      ],
    });
    await expect(list(team.member, team.workspaceId, "not an id!")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      issues: [expect.objectContaining({ code: "INVALID_SPREADSHEET", path: ["spreadsheet"] })],
    });
    await expect(list(team.guest, team.workspaceId, "1SheetsListTest_abc-123")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const other = await createTestTeam();
    await expect(list(other.member, other.workspaceId, "1SheetsListTest_abc-123")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      issues: [expect.objectContaining({ code: "CREDENTIALS_UNUSABLE" })],
    });
  });
});

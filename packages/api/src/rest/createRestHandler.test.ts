import { getPrisma } from "@parley/db";
import { AppError } from "@parley/platform/errors";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { handleRestRequest } from "../mounts";
import { restRequest } from "../testing/fixtures";
import { authenticatedProcedure, errorResponses, publicProcedure, router } from "../trpc";
import { createRestHandler } from "./createRestHandler";

const fixedBodies = {
  UNAUTHORIZED: { code: "UNAUTHORIZED", message: "Authorization not provided", issues: [] },
  INTERNAL_SERVER_ERROR: { code: "INTERNAL_SERVER_ERROR", message: "Internal server error", issues: [] },
};

describe("bearer authentication on /api/v1", () => {
  it("answers UNAUTHORIZED when the Authorization header is missing", async () => {
    const response = await handleRestRequest(restRequest("GET", "/workspaces"));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(fixedBodies.UNAUTHORIZED);
  });

  it("answers UNAUTHORIZED for a header that is not Bearer", async () => {
    for (const authorization of ["Basic x", "Bearer", "Bearer ", "bt_abc", "Token abc"]) {
      const response = await handleRestRequest(
        restRequest("GET", "/workspaces", { headers: { authorization } }),
      );
      expect(response.status, authorization).toBe(401);
      expect(await response.json()).toEqual(fixedBodies.UNAUTHORIZED);
    }
  });

  it("answers FORBIDDEN for an unknown token", async () => {
    const response = await handleRestRequest(restRequest("GET", "/workspaces", { token: "bt_doesnotexist" }));
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body).toMatchObject({ code: "FORBIDDEN", message: "Insufficient access" });
    expect(Object.keys(body).sort()).toEqual(["code", "issues", "message"]);
  });

  it("answers FORBIDDEN for a revoked token, and 200 before it was revoked", async () => {
    const { token } = await createTestUser();
    const before = await handleRestRequest(restRequest("GET", "/workspaces", { token }));
    expect(before.status).toBe(200);
    const tokens = await handleRestRequest(restRequest("GET", "/users/me/api-tokens", { token }));
    const { apiTokens } = (await tokens.json()) as { apiTokens: { id: string }[] };
    const revoke = await handleRestRequest(
      restRequest("DELETE", `/users/me/api-tokens/${apiTokens[0]?.id}`, { token }),
    );
    expect(revoke.status).toBe(200);
    const after = await handleRestRequest(restRequest("GET", "/workspaces", { token }));
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ code: "FORBIDDEN", message: "Insufficient access" });
  });

  it("lists the caller's workspaces with a valid token and records the token's last use", async () => {
    const { token, workspaceId, user } = await createTestUser();
    const response = await handleRestRequest(restRequest("GET", "/workspaces", { token }));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const body = await response.json();
    expect(body).toEqual({ workspaces: [{ id: workspaceId, name: expect.any(String), icon: null }] });
    const stored = await getPrisma().apiToken.findFirst({ where: { ownerId: user.id } });
    expect(stored?.lastUsedAt).toBeInstanceOf(Date);
    expect(stored?.tokenHash).not.toContain("bt_");
  });
});

describe("error model", () => {
  const testRouter = router({
    explode: publicProcedure
      .meta({
        openapi: {
          method: "POST",
          path: "/explode",
          errorResponses: errorResponses("INTERNAL_SERVER_ERROR"),
        },
      })
      .input(z.object({ value: z.string().optional() }))
      .output(z.object({ ok: z.boolean() }))
      .mutation(() => {
        throw new Error("secret connection string postgresql://user:pw@db");
      }),
    echo: publicProcedure
      .meta({
        openapi: {
          method: "POST",
          path: "/echo",
          errorResponses: errorResponses("BAD_REQUEST", "INTERNAL_SERVER_ERROR"),
        },
      })
      .input(
        z.object({
          name: z.string().min(2),
          count: z.number().int(),
          nested: z.object({ flag: z.boolean() }),
        }),
      )
      .output(z.object({ name: z.string() }))
      .mutation(({ input }) => ({ name: input.name })),
    publishLike: authenticatedProcedure
      .meta({
        openapi: {
          method: "POST",
          path: "/publish-like",
          errorResponses: errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
        },
      })
      .input(z.void())
      .output(z.object({ message: z.string() }))
      .mutation(() => {
        throw new AppError("NOT_FOUND");
      }),
  });
  const handle = createRestHandler({
    router: testRouter,
    endpoint: "/api/v1",
    createContext: (_request, scope) => ({
      prisma: getPrisma(),
      ...scope,
      authenticate: async () => ({ id: "u", email: "u@example.test", name: null }),
    }),
  });

  it("turns a thrown exception into the fixed 500 body without internals", async () => {
    const response = await handle(restRequest("POST", "/explode", { body: {} }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(fixedBodies.INTERNAL_SERVER_ERROR);
    expect(text).not.toMatch(/postgresql|stack|at /);
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  });

  it("keeps a well-formed incoming x-request-id", async () => {
    const response = await handle(
      restRequest("POST", "/explode", { body: {}, headers: { "x-request-id": "req-12345678" } }),
    );
    expect(response.headers.get("x-request-id")).toBe("req-12345678");
  });

  it("lists one issue per invalid field with its path", async () => {
    const response = await handle(
      restRequest("POST", "/echo", { body: { name: "a", count: 1.5, nested: { flag: "x" } } }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; issues: { path: unknown[] }[] };
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.message).toBe("Invalid input data");
    expect(body.issues.map((issue) => issue.path)).toEqual([["name"], ["count"], ["nested", "flag"]]);
  });

  it("rejects malformed JSON, a wrong content type and a non-object body as BAD_REQUEST", async () => {
    const cases: [RequestInit["body"], Record<string, string>, string][] = [
      ["{not json", { "content-type": "application/json" }, "INVALID_JSON"],
      ['{"name":"abc"}', { "content-type": "text/plain" }, "UNSUPPORTED_CONTENT_TYPE"],
      ["[1,2]", { "content-type": "application/json" }, "INVALID_JSON"],
      ["null", { "content-type": "application/json" }, "INVALID_JSON"],
    ];
    for (const [body, headers, issueCode] of cases) {
      const response = await handle(
        new Request("http://localhost/api/v1/echo", { method: "POST", body, headers }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "BAD_REQUEST",
        message: "Invalid input data",
        issues: [expect.objectContaining({ code: issueCode })],
      });
    }
  });

  it("rejects a 2 MiB body as BAD_REQUEST with PAYLOAD_TOO_LARGE", async () => {
    const huge = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), count: 1, nested: { flag: true } });
    const response = await handle(restRequest("POST", "/echo", { body: huge }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "BAD_REQUEST",
      message: "Invalid input data",
      issues: [expect.objectContaining({ code: "PAYLOAD_TOO_LARGE" })],
    });
  });

  it("answers NOT_FOUND for an unknown path", async () => {
    const response = await handle(restRequest("GET", "/nowhere"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "Not found", issues: [] });
  });

  it("answers only codes the endpoint lists: NOT_FOUND becomes FORBIDDEN where NOT_FOUND is not listed", async () => {
    const response = await handle(restRequest("POST", "/publish-like"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: "FORBIDDEN", message: "Insufficient access", issues: [] });
  });
});

describe("query parameters", () => {
  it("treats names of Object.prototype members as plain parameters", async () => {
    const { token } = await createTestUser();
    for (const name of ["valueOf", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const response = await handleRestRequest(
        restRequest("GET", `/workspaces?${name}=x&${name}=y`, { token }),
      );
      expect(response.status, name).toBe(200);
    }
  });
});

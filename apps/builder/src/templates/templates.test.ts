import { botCreateSchema, botDocumentSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { botTemplates, instantiateTemplate } from "./index";

describe("bot templates", () => {
  it("offers at least six templates with distinct ids", () => {
    expect(botTemplates.length).toBeGreaterThanOrEqual(6);
    expect(new Set(botTemplates.map((template) => template.id)).size).toBe(botTemplates.length);
  });

  for (const template of botTemplates) {
    describe(template.name, () => {
      it("is a valid bot document", () => {
        const result = botDocumentSchema.partial().safeParse(template);
        expect(result.error?.issues ?? []).toEqual([]);
      });

      it("starts at a group and every edge, exit and variable reference resolves", () => {
        const groupIds = new Set(template.groups.map((group) => (group as { id: string }).id));
        const edges = template.edges as { id: string; to: { groupId: string } }[];
        const edgeIds = new Set(edges.map((edge) => edge.id));
        const variableIds = new Set(template.variables.map((variable) => (variable as { id: string }).id));
        const start = template.events[0] as { type: string; outgoingEdgeId?: string };
        expect(start.type).toBe("start");
        expect(edgeIds.has(start.outgoingEdgeId ?? "")).toBe(true);
        for (const edge of edges) expect(groupIds.has(edge.to.groupId)).toBe(true);
        const json = JSON.stringify(template.groups);
        for (const [, edgeId] of json.matchAll(/"outgoingEdgeId":"([^"]+)"/g))
          expect(edgeIds.has(edgeId!)).toBe(true);
        for (const [, variableId] of json.matchAll(/"variableId":"([^"]+)"/g))
          expect(variableIds.has(variableId!)).toBe(true);
      });

      it("instantiates into a valid create-bot body with fresh ids", () => {
        const created = instantiateTemplate(template);
        expect(botCreateSchema.safeParse(created).error?.issues ?? []).toEqual([]);
        expect((created.groups[0] as { id: string }).id).not.toBe((template.groups[0] as { id: string }).id);
      });
    });
  }
});

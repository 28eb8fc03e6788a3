import { describe, expect, it } from "vitest";
import { getCellValue, getResultColumns, type ResultsFlow } from "./getResultColumns";

const flow: ResultsFlow = {
  groups: [
    {
      id: "g1",
      title: "Welcome",
      graphCoordinates: { x: 0, y: 0 },
      blocks: [
        { id: "b1", type: "text" },
        { id: "b2", type: "text input", options: { variableId: "v-name" } },
        { id: "b3", type: "choice input", options: {}, items: [] },
      ],
    },
    {
      id: "g2",
      title: "Contact",
      graphCoordinates: { x: 0, y: 200 },
      blocks: [{ id: "b4", type: "email input", options: { variableId: "v-email" } }],
    },
  ],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-email", name: "Email" },
    { id: "v-utm", name: "utm_source" },
  ],
};

describe("getResultColumns", () => {
  it("has one column per input in flow order, then the other variables with a value", () => {
    const results = [
      {
        answers: [{ blockId: "b2", content: "Ada" }],
        variables: [
          { name: "Name", value: "Ada" },
          { name: "utm_source", value: ["ads", null, "mail"] },
          { name: "Unused", value: null },
        ],
      },
    ];
    const columns = getResultColumns(flow, results);
    expect(columns.map((column) => column.header)).toEqual(["Name", "Welcome", "Email", "utm_source"]);
    expect(columns.map((column) => getCellValue(column, results[0]!))).toEqual(["Ada", "", "", "ads, mail"]);
  });

  it("makes repeated headers unique", () => {
    const twice: ResultsFlow = {
      groups: [
        {
          id: "g",
          title: "Ask",
          graphCoordinates: { x: 0, y: 0 },
          blocks: [
            { id: "a", type: "text input" },
            { id: "b", type: "number input" },
          ],
        },
      ],
      variables: [],
    };
    expect(getResultColumns(twice, []).map((column) => column.header)).toEqual(["Ask", "Ask (2)"]);
  });
});

describe("getCellValue", () => {
  it("shows the last answer of an input answered more than once (a Loop)", () => {
    const [column] = getResultColumns(flow, []);
    const result = {
      answers: [
        { blockId: "b2", content: "first" },
        { blockId: "b2", content: "last" },
      ],
      variables: [],
    };
    expect(getCellValue(column!, result)).toBe("last");
  });
});

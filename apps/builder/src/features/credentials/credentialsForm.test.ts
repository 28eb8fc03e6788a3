import { credentialsTypes, newCredentialsSchema } from "@parley/schemas/credentials";
import { describe, expect, it } from "vitest";
import {
  buildCredentialsData,
  type CredentialsFormField,
  getCredentialsFormFields,
  getInitialCredentialsValues,
} from "./credentialsForm";

const flatten = (fields: CredentialsFormField[]): CredentialsFormField[] =>
  fields.flatMap((field) => [field, ...flatten(field.fields)]);

describe("credentials forms generated from the definitions", () => {
  it("have a field per schema field for every kind, secrets typed in password inputs", () => {
    for (const type of credentialsTypes) expect(getCredentialsFormFields(type).length).toBeGreaterThan(0);
    const stripe = flatten(getCredentialsFormFields("stripe")).map((field) => ({
      path: field.path,
      label: field.facts.label,
      isSecret: field.facts.isSecret === true,
      isRequired: field.isRequired,
    }));
    expect(stripe).toEqual([
      { path: "live", label: "Live keys", isSecret: false, isRequired: true },
      { path: "live.secretKey", label: "Live secret key", isSecret: true, isRequired: true },
      { path: "live.publicKey", label: "Live publishable key", isSecret: false, isRequired: true },
      { path: "test", label: "Test keys", isSecret: false, isRequired: false },
      // Optional group: its keys are only needed together, so the browser does not require them.
      { path: "test.secretKey", label: "Test secret key", isSecret: true, isRequired: false },
      { path: "test.publicKey", label: "Test publishable key", isSecret: false, isRequired: false },
    ]);
  });

  it("start from the schema's defaults and send nested, trimmed data the API accepts", () => {
    expect(getInitialCredentialsValues("smtp")).toEqual({ port: "587", isTlsEnabled: false });
    const data = buildCredentialsData(
      "smtp",
      {
        ...getInitialCredentialsValues("smtp"),
        host: " smtp.example.com ",
        password: "",
        "from.email": "bot@example.com",
      },
      "",
    );
    expect(data).toEqual({
      host: "smtp.example.com",
      port: 587,
      isTlsEnabled: false,
      from: { email: "bot@example.com" },
    });
    expect(newCredentialsSchema.safeParse({ type: "smtp", name: "Mail", data }).success).toBe(true);
  });

  it("read a pasted key file as the data of a kind that takes one, and refuse what is not a JSON object", () => {
    const file = JSON.stringify({
      type: "service_account",
      client_email: "bot@project.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----",
    });
    expect(buildCredentialsData("googleSheets", {}, file)).toEqual(JSON.parse(file));
    expect(() => buildCredentialsData("googleSheets", {}, "[1]")).toThrow(
      "Service account key (JSON): paste the whole JSON file, from { to }",
    );
  });
});

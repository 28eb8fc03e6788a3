import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, variablesReadBy } from "./readConfig";
import { configVariables } from "./variables";

const folder = mkdtempSync(path.join(tmpdir(), "parley-config-"));
function writeSecretFile(name: string, content: string) {
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return file;
}
/** The message readConfig throws for this environment. */
function errorOf(names: Parameters<typeof readConfig>[0], env: Record<string, string>) {
  try {
    readConfig(names, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("readConfig accepted the environment");
}

describe("readConfig", () => {
  it("applies the defaults and converts the text of each variable", () => {
    expect(
      readConfig(["DATABASE_POOL_SIZE", "SMTP_SECURE", "VIEWER_URL", "LOG_LEVEL"], {
        SMTP_SECURE: "1",
        LOG_LEVEL: "",
      }),
    ).toEqual({ DATABASE_POOL_SIZE: 10, SMTP_SECURE: true, VIEWER_URL: undefined, LOG_LEVEL: "info" });
  });

  it("names each invalid variable, what is wrong and the value it got", () => {
    const message = errorOf(["VIEWER_URL", "DATABASE_POOL_SIZE", "LOG_LEVEL", "SMTP_PORT"], {
      VIEWER_URL: "chat.example.com",
      DATABASE_POOL_SIZE: "500",
      LOG_LEVEL: "verbose",
      SMTP_PORT: "587",
    });
    expect(message.split("\n")).toEqual([
      "Invalid configuration (docs/configuration.md):",
      '  VIEWER_URL: must be a URL (scheme://host…) (got "chat.example.com")',
      '  DATABASE_POOL_SIZE: Too big: expected number to be <=200 (got "500")',
      '  LOG_LEVEL: Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent" (got "verbose")',
    ]);
  });

  it("reports a structured variable's own reason once, without repeating the variable's name", () => {
    expect(errorOf(["TRUSTED_PROXIES"], { TRUSTED_PROXIES: "loopback,not-an-address" })).toMatch(
      /^ {2}TRUSTED_PROXIES: invalid IP address: not-an-address \(got "loopback,not-an-address"\)$/m,
    );
  });

  it("never repeats a secret's value", () => {
    const message = errorOf(["ENCRYPTION_SECRET"], { ENCRYPTION_SECRET: "short-secret-value" });
    expect(message).toContain("ENCRYPTION_SECRET: must be at least 32 characters (value not shown: secret)");
    expect(message).not.toContain("short-secret-value");
  });
});

describe("secrets from *_FILE", () => {
  it("reads the file NAME_FILE names, without its one trailing newline", () => {
    const secret = "s".repeat(40);
    const config = readConfig(["ENCRYPTION_SECRET", "SMTP_PASSWORD", "DATABASE_URL"], {
      ENCRYPTION_SECRET_FILE: writeSecretFile("encryption", `${secret}\n`),
      SMTP_PASSWORD_FILE: writeSecretFile("smtp", " pass word \n\n"),
      DATABASE_URL_FILE: writeSecretFile("database", "postgresql://u:p@db:5432/parley\r\n"),
    });
    expect(config).toEqual({
      ENCRYPTION_SECRET: secret,
      // Only one newline goes: the rest of the content is the value.
      SMTP_PASSWORD: " pass word \n",
      DATABASE_URL: "postgresql://u:p@db:5432/parley",
    });
  });

  it("validates the file's content like the variable's", () => {
    const message = errorOf(["ENCRYPTION_SECRET"], {
      ENCRYPTION_SECRET_FILE: writeSecretFile("too-short", "short\n"),
    });
    expect(message).toContain("ENCRYPTION_SECRET: must be at least 32 characters (value not shown: secret)");
  });

  it("refuses both NAME and NAME_FILE", () => {
    const message = errorOf(["S3_SECRET_KEY"], {
      S3_SECRET_KEY: "inline",
      S3_SECRET_KEY_FILE: writeSecretFile("s3", "from-file"),
    });
    expect(message).toContain(
      "S3_SECRET_KEY: both S3_SECRET_KEY and S3_SECRET_KEY_FILE are set; set only one of them",
    );
  });

  it("names a file it cannot read", () => {
    const missing = path.join(folder, "missing");
    expect(errorOf(["STRIPE_SECRET_KEY"], { STRIPE_SECRET_KEY_FILE: missing })).toContain(
      `STRIPE_SECRET_KEY_FILE: cannot read ${missing} (ENOENT)`,
    );
  });

  it("is read only for secrets: another variable's _FILE is not configuration", () => {
    expect(
      readConfig(["SMTP_HOST"], { SMTP_HOST_FILE: writeSecretFile("host", "smtp.example.com") }),
    ).toEqual({
      SMTP_HOST: undefined,
    });
  });
});

describe("the declarations", () => {
  it("give every variable a description, a section and at least one process", () => {
    for (const [name, variable] of Object.entries(configVariables)) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(variable.description.length, name).toBeGreaterThan(10);
      expect(variable.readBy.length, name).toBeGreaterThan(0);
    }
  });

  it("mark the credentials as secrets", () => {
    const secrets = Object.entries(configVariables)
      .filter(([, variable]) => "secret" in variable && variable.secret)
      .map(([name]) => name);
    expect(secrets.sort()).toEqual([
      "AZURE_AD_CLIENT_SECRET",
      "DATABASE_URL",
      "ENCRYPTION_SECRET",
      "ENCRYPTION_SECRET_PREVIOUS",
      "GITHUB_CLIENT_SECRET",
      "GITLAB_CLIENT_SECRET",
      "GOOGLE_AUTH_CLIENT_SECRET",
      "KEYCLOAK_CLIENT_SECRET",
      "METRICS_TOKEN",
      "OIDC_CLIENT_SECRET",
      "REDIS_URL",
      "S3_ACCESS_KEY",
      "S3_SECRET_KEY",
      "SMTP_PASSWORD",
      "STRIPE_SECRET_KEY",
    ]);
  });

  it("accept an environment with nothing set (every variable has a default or is optional)", () => {
    expect(() => readConfig(variablesReadBy("every"), {})).not.toThrow();
  });
});

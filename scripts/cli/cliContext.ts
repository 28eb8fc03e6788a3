import type { Database } from "@parley/db";
import type { Command } from "commander";

/** A stream the CLI writes to: process.stdout / process.stderr, or a buffer in tests. */
export interface CliOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** What every command runs with: the database (opened on first use), the three streams. */
export interface CliContext {
  database: () => Promise<Database>;
  stdout: CliOutput;
  stderr: CliOutput;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** How the CLI is invoked, for --help (`npm run cli --` in a checkout, `parley` in the image). */
  programName?: string;
}

/** A command's run: the context, and whether --json asked for machine-readable output. */
export interface CommandRun extends CliContext {
  json: boolean;
}

/** The run of the command commander is executing (its own options and the program's --json). */
export const commandRun = (context: CliContext, command: Command): CommandRun => ({
  ...context,
  json: command.optsWithGlobals().json === true,
});

/** A wrong invocation (missing or invalid option): exit code 2, like the parser's own usage errors. */
export class UsageError extends Error {}

export const writeLine = (output: CliOutput, text = "") => output.write(`${text}\n`);

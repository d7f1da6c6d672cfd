/**
 * The command line's argument helpers, for every `dakiya` command (scripts/cli.ts and the commands it
 * dispatches to). A UsageError is printed as one line with exit code 2.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

export class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>;

/** Node's parser error, in one line that names the command and where its usage is. */
function parseProblem(err: unknown, command: string): string {
  const { code, message } = err as { code?: string; message: string };
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  const see = `; see dakiya ${command} --help`;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${option} for "${command}"${see}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `${option ?? "an option"} needs a value${see}`;
  return `${message.split("\n")[0]}${see}`;
}

/** The command's options parsed strictly; positionals beyond `positionals` are refused. */
export function args(command: string, argv: string[], options: ParseArgsConfig["options"], positionals = 0): { values: Values; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, json: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(parseProblem(err, command));
  }
  const extra = parsed.positionals[positionals];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}" for "${command}"; see dakiya ${command} --help`);
  return { values: parsed.values, positionals: parsed.positionals };
}

export function need(value: unknown, flag: string): string {
  if (typeof value !== "string" || value === "") throw new UsageError(`missing ${flag}`);
  return value;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(", ")} (got "${value}")`);
  return value as T;
}

export function int(value: Values[string], flag: string): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${flag} must be a number ≥ 0 (got "${value}")`);
  return n;
}

export function print(json: boolean, data: unknown, human: string): void {
  console.log(json ? JSON.stringify(data) : human);
}

/** Options parsed strictly, no positionals; a bad one is Node's own first line (the privacy and import commands' wording). */
export function strictValues(argv: string[], options: ParseArgsConfig["options"]): Values {
  try {
    return parseArgs({ args: argv, options: { ...options, json: { type: "boolean" } }, allowPositionals: false, strict: true }).values;
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]);
  }
}

/**
 * The operator command line: `npm run dakiya -- <command>` or the package bin `dakiya`.
 * Bad arguments print one line and exit 2; every command is one transaction, so nothing is half-created.
 */
import fs from "node:fs";
import { closeDatabase, connection, DatabaseLockedError } from "../server/db";
import { DakiyaError } from "../server/errors";
import { createKey, revokeKey, type KeyKind } from "../server/keys";
import { createMember, type MemberRole } from "../server/members";
import { createWorkspace, listWorkspaces, requireWorkspace, setPlan, upsertPlan } from "../server/workspaces";
import { addEndpoint } from "../server/webhooks";
import { CLI_AUTHOR, currentPolicy, outcomeCosts, publishPolicy, setOutcomeCosts } from "../server/policy";
import { makeSyntheticOutcomes } from "../server/outcomes/synthetic";
import { privacyCommand } from "./cli-privacy";
import { outcomesImport } from "./outcomes-import";
import { args, int, need, oneOf, print, UsageError } from "./cli-args";

/**
 * Every command, one line each: its arguments and what it does. The overall `--help` lists them and
 * `dakiya <command> --help` prints the command's own line; a new command adds its line here and its
 * case in `run`.
 */
const COMMANDS: Record<string, readonly [args: string, does: string]> = {
  "workspace create": ["--name <n> --plan free|starter|growth [--owner-email <e>] [--json]", "Creates a workspace with a test key, a live key and its owner's console sign-in (shown once)."],
  "workspace list": ["[--json]", "Lists every workspace, oldest first: id, name, plan, members and keys not revoked."],
  "key create": ["--workspace <id> --kind test|live [--name <n>] [--json]", "Creates an API key (shown once)."],
  "key revoke": ["<key-id> | <key-prefix> --workspace <id> [--json]", "Revokes a key by its id (key_…), or by its prefix (dk_live_AbCd) within a workspace."],
  "user create": ["--workspace <id> --email <e> [--role owner|admin|viewer] [--json]", "Adds a console member (viewer unless --role) with a password shown once."],
  "plan set": ["--workspace <id> <plan> [--json]", "Moves a workspace to another plan."],
  "plan create": [
    "<id> --included <units> --batch-cap <n> [--overage-paise <p>] [--unlimited-rate] [--test-normalize-per-minute <n>] [--test-per-minute <n>] [--live-per-minute <n>] [--json]",
    "Creates or updates a plan.",
  ],
  "plan list": ["[--json]", "Lists the plans."],
  "webhook add": ["--workspace <id> --url <https-url> [--json]", "Registers a webhook endpoint and prints its signing secret."],
  "policy show": ["--workspace <id>", "Prints the decision policy in force, as JSON."],
  "policy set": ["--workspace <id> --file <policy.json> [--json]", "Publishes the workspace's next decision policy version."],
  "policy costs": ["--workspace <id> [--returned <rupees>] [--held <rupees>] [--json]", "Prints, or sets, the two costs the policy preview weighs."],
  "demo outcomes": ["--workspace <id> [--count <n>] [--json]", "Makes synthetic verifications with outcomes (no units, labelled synthetic) for the charts and the preview."],
  "outcomes import": ["--workspace <id> --file <csv> [--json]", "Records a courier's delivery report (CSV) as outcomes, as POST /outcomes/batch does."],
  "privacy retention": ["--workspace <id> --days <30-730> [--json]", "Sets how many days buyers' personal data is kept (docs/privacy.md)."],
  "privacy erase": ["--workspace <id> --order-id <o> [--json]", "Erases one order's buyer data now, as POST /privacy/erasures does."],
  "privacy purge": ["[--as-of YYYY-MM-DD] [--json]", "Redacts verifications older than each workspace's retention, as the daily job does."],
};

const usageLine = (command: string) => `dakiya ${command} ${COMMANDS[command]![0]}`;

const HELP = `dakiya: operate a Dakiya deployment

${Object.keys(COMMANDS)
  .map((c) => `  ${usageLine(c)}`)
  .join("\n")}

\`dakiya <command> --help\` describes one command. Bad arguments print one line and exit 2; any other
failure (the database in use, a database error) exits 1.

The database is the one the server uses: DATABASE_URL, else the embedded PGlite in PGLITE_DIR
(.data/pglite), which only one process may open at a time: stop \`npm run dev\` before a command, or
use PostgreSQL (DATABASE_URL) so that the server and the CLI share it.`;

/** `--help` after a command, or a command named in part (`dakiya workspace`): its own usage. */
function helpFor(command: string): string {
  if (COMMANDS[command]) return `usage: ${usageLine(command)}\n\n${COMMANDS[command][1]}`;
  const family = Object.keys(COMMANDS).filter((c) => c.startsWith(`${command} `));
  if (family.length === 0) throw new UsageError(`unknown command "${command}"; run dakiya --help`);
  return family.map((c) => `usage: ${usageLine(c)}`).join("\n");
}

async function run(argv: string[]): Promise<void> {
  const [noun, verb, ...rest] = argv;
  if (!noun || noun === "help" || noun === "--help" || noun === "-h") {
    console.log(HELP);
    return;
  }
  const asksHelp = verb === "--help" || verb === "-h" || rest.includes("--help") || rest.includes("-h");
  const command = verb === undefined || verb.startsWith("-") ? noun : `${noun} ${verb}`;
  if (asksHelp) {
    console.log(helpFor(command));
    return;
  }
  if (!COMMANDS[command]) {
    const verbs = Object.keys(COMMANDS)
      .filter((c) => c.startsWith(`${noun} `))
      .map((c) => c.slice(noun.length + 1));
    const known = verbs.length ? `; ${noun} commands: ${verbs.join(", ")}` : "; run dakiya --help";
    throw new UsageError(command === noun && verbs.length ? `"${noun}" needs a command${known}` : `unknown command "${command}"${known}`);
  }
  const db = () => connection().prisma;

  switch (command) {
    case "workspace create": {
      const { values } = args(command, rest, { name: { type: "string" }, plan: { type: "string" }, "owner-email": { type: "string" } });
      const result = await createWorkspace(db(), { name: need(values.name, "--name"), planId: need(values.plan, "--plan"), ownerEmail: values["owner-email"] as string | undefined });
      print(
        values.json === true,
        result,
        [
          `Workspace ${result.workspace_id} on plan ${result.plan}`,
          `  test key: ${result.test_key}`,
          `  live key: ${result.live_key}`,
          `  console:  ${result.console.email} / ${result.console.password}`,
          "The keys and password are shown this once.",
        ].join("\n"),
      );
      return;
    }
    case "workspace list": {
      const { values } = args(command, rest, {});
      const workspaces = await listWorkspaces(db());
      const human = workspaces.length
        ? workspaces.map((w) => `${w.workspace_id}  ${w.plan.padEnd(10)} members ${w.members}  keys ${w.active_keys}  ${w.name}`).join("\n")
        : "No workspaces yet; create one with dakiya workspace create.";
      print(values.json === true, workspaces, human);
      return;
    }
    case "key create": {
      const { values } = args(command, rest, { workspace: { type: "string" }, kind: { type: "string" }, name: { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      const kind = oneOf<KeyKind>(need(values.kind, "--kind"), ["test", "live"], "--kind");
      await requireWorkspace(db(), workspaceId);
      const key = await createKey(db(), workspaceId, kind, values.name as string | undefined);
      print(values.json === true, { key_id: key.id, kind: key.kind, key: key.secret, prefix: key.prefix }, `Key ${key.id} (${kind}): ${key.secret}\nShown this once.`);
      return;
    }
    case "key revoke": {
      const { values, positionals } = args(command, rest, { workspace: { type: "string" } }, 1);
      if (positionals.length !== 1) throw new UsageError("key revoke takes one key id, or one key prefix with --workspace");
      const workspace = values.workspace === undefined ? undefined : need(values.workspace, "--workspace");
      const key = await revokeKey(db(), positionals[0]!, workspace);
      print(values.json === true, { key_id: key.id, revoked_at: key.revokedAt }, `Key ${key.id} (${key.prefix}…${key.last4}) revoked.`);
      return;
    }
    case "user create": {
      const { values } = args(command, rest, { workspace: { type: "string" }, email: { type: "string" }, role: { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      const role = oneOf<MemberRole>((values.role as string | undefined) ?? "viewer", ["owner", "admin", "viewer"], "--role");
      await requireWorkspace(db(), workspaceId);
      const user = await createMember(db(), { workspaceId, email: need(values.email, "--email"), role });
      print(values.json === true, { user_id: user.userId, email: user.email, password: user.password, role }, `User ${user.email} (${role}) password: ${user.password}\nShown this once.`);
      return;
    }
    case "plan set": {
      const { values, positionals } = args(command, rest, { workspace: { type: "string" } }, 1);
      if (positionals.length !== 1) throw new UsageError("plan set takes one plan name");
      const ws = await setPlan(db(), need(values.workspace, "--workspace"), positionals[0]!);
      print(values.json === true, { workspace_id: ws.id, plan: ws.planId }, `Workspace ${ws.id} is now on plan ${ws.planId}.`);
      return;
    }
    case "plan create": {
      const { values, positionals } = args(
        command,
        rest,
        {
          included: { type: "string" },
          "batch-cap": { type: "string" },
          "overage-paise": { type: "string" },
          "unlimited-rate": { type: "boolean" },
          "test-normalize-per-minute": { type: "string" },
          "test-per-minute": { type: "string" },
          "live-per-minute": { type: "string" },
        },
        1,
      );
      if (positionals.length !== 1) throw new UsageError("plan create takes one plan id");
      const unlimited = values["unlimited-rate"] === true;
      const plan = await upsertPlan(db(), {
        id: positionals[0]!,
        includedUnits: int(need(values.included, "--included"), "--included")!,
        batchCap: int(need(values["batch-cap"], "--batch-cap"), "--batch-cap")!,
        overagePaisePerUnit: int(values["overage-paise"], "--overage-paise"),
        testNormalizePerMinute: unlimited ? null : (int(values["test-normalize-per-minute"], "--test-normalize-per-minute") ?? 5),
        testPerMinute: unlimited ? null : (int(values["test-per-minute"], "--test-per-minute") ?? 60),
        livePerMinute: unlimited ? null : (int(values["live-per-minute"], "--live-per-minute") ?? 600),
      });
      print(values.json === true, plan, `Plan ${plan.id} saved.`);
      return;
    }
    case "plan list": {
      const { values } = args(command, rest, {});
      const plans = await db().plan.findMany({ orderBy: { includedTenths: "asc" } });
      const human = plans.map((p) => `${p.id.padEnd(10)} ${String(p.includedTenths / 10).padStart(8)} units  cap ${p.batchCap}  overage ${p.overagePaisePerUnit ?? "none"}`).join("\n");
      print(values.json === true, plans, human);
      return;
    }
    case "webhook add": {
      const { values } = args(command, rest, { workspace: { type: "string" }, url: { type: "string" } });
      const hook = await addEndpoint(db(), need(values.workspace, "--workspace"), need(values.url, "--url"));
      print(
        values.json === true,
        { webhook_id: hook.webhook_id, secret: hook.secret },
        `Webhook ${hook.webhook_id} secret: ${hook.secret}\nKeep it to verify signatures; rotate it to get a new one.`,
      );
      return;
    }
    case "policy show": {
      const { values } = args(command, rest, { workspace: { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      console.log(JSON.stringify(await currentPolicy(db(), workspaceId), null, 2));
      return;
    }
    case "policy set": {
      const { values } = args(command, rest, { workspace: { type: "string" }, file: { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      const file = need(values.file, "--file");
      let text: string;
      try {
        text = fs.readFileSync(file, "utf8");
      } catch (err) {
        throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
      }
      let policy: unknown;
      try {
        policy = JSON.parse(text);
      } catch (err) {
        throw new UsageError(`${file} is not JSON: ${(err as Error).message}`);
      }
      await requireWorkspace(db(), workspaceId);
      const published = await publishPolicy(db(), workspaceId, policy, CLI_AUTHOR);
      print(values.json === true, published, `Workspace ${workspaceId}: policy version ${published.version} is in force.`);
      return;
    }
    case "policy costs": {
      const { values } = args(command, rest, { workspace: { type: "string" }, returned: { type: "string" }, held: { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      let costs = await outcomeCosts(db(), workspaceId);
      if (values.returned !== undefined || values.held !== undefined) {
        costs = await setOutcomeCosts(db(), workspaceId, {
          returned_shipped_rupees: int(values.returned, "--returned") ?? costs.returned_shipped_rupees,
          held_delivered_rupees: int(values.held, "--held") ?? costs.held_delivered_rupees,
        });
      }
      print(
        values.json === true,
        costs,
        `Workspace ${workspaceId}: a returned parcel that was shipped costs ₹${costs.returned_shipped_rupees}; holding one that would have been delivered ₹${costs.held_delivered_rupees}.`,
      );
      return;
    }
    case "demo outcomes": {
      const { values } = args(command, rest, { workspace: { type: "string" }, count: { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      const count = values.count === undefined ? undefined : int(values.count, "--count")!;
      if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 1_000_000))
        throw new UsageError(`--count must be a whole number from 1 to 1000000 (got "${values.count}")`);
      await requireWorkspace(db(), workspaceId);
      const made = await makeSyntheticOutcomes(db(), workspaceId, { count });
      print(values.json === true, made, `Workspace ${workspaceId}: ${made.verifications} synthetic verifications, ${made.outcomes} with outcomes (no units used).`);
      return;
    }
    case "privacy retention":
    case "privacy erase":
    case "privacy purge":
      return privacyCommand(verb!, rest, db());
    case "outcomes import":
      return outcomesImport(db(), rest);
    default:
      throw new Error(`"${command}" has a usage line but no case in run()`);
  }
}

run(process.argv.slice(2))
  .then(async () => {
    await closeDatabase();
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    await closeDatabase().catch(() => {});
    if (err instanceof UsageError || (err instanceof DakiyaError && (err.code === "invalid_request" || err.code === "invalid_policy" || err.code === "not_found"))) {
      const details =
        err instanceof DakiyaError && err.code === "invalid_policy" && err.details?.length ? ` [${err.details.map((d) => `${d.path || "policy"}: ${d.message}`).join("; ")}]` : "";
      console.error(`dakiya: ${err.message}${details}`);
      process.exit(2);
    }
    console.error(`dakiya: ${err instanceof DatabaseLockedError || err instanceof DakiyaError ? err.message : ((err as Error).stack ?? String(err))}`);
    process.exit(1);
  });

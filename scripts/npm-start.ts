import fs from "node:fs";

/** The arguments `npm start` gives node (package.json's start script), to run it without npm in between. */
export function npmStartArgs(): string[] {
  const [node, ...args] = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start.split(" ");
  if (node !== "node") throw new Error("package.json's start script no longer starts with node");
  return args;
}

import { readFileSync } from "node:fs";
import { normalizeAddress, preloadPincodeDirectory } from "../server/addresses/index";
preloadPincodeDirectory();
for (const set of ["bank-branches.json", "hospitals.json"]) {
  const rows = JSON.parse(readFileSync(`../shared/data/outside/${set}`, "utf8")) as Array<{ input: string; state: string | null; city: string | null }>;
  const V: Array<[string, (s: string) => string]> = [
    ["lower", (s) => s.toLowerCase()],
    ["upper", (s) => s.toUpperCase()],
    ["no commas", (s) => s.replace(/[,;]/g, " ")],
    ["no dots", (s) => s.replace(/\./g, " ")],
    ["lower+no punct", (s) => s.toLowerCase().replace(/[,;.]/g, " ")],
  ];
  for (const [name, f] of V) {
    let base = 0, same = 0, lostRight = 0, gainRight = 0, cityDiff = 0;
    const ex: string[] = [];
    for (const r of rows) {
      const a = normalizeAddress(r.input).components;
      const b = normalizeAddress(f(r.input)).components;
      base++;
      if (a.state === b.state) same++;
      if (a.state === r.state && b.state !== r.state) { lostRight++; if (ex.length < 4) ex.push(`${f(r.input)} → ${b.state} (was ${a.state})`); }
      if (a.state !== r.state && b.state === r.state) gainRight++;
      if ((a.city ?? "").toLowerCase() !== (b.city ?? "").toLowerCase()) cityDiff++;
    }
    console.log(`${set} ${name}: state same ${(same / base).toFixed(3)}, lost right ${lostRight}, gained ${gainRight}, city differs ${cityDiff}`);
    for (const e of ex) console.log("    ", e);
  }
}

/**
 * Reads Prometheus's text exposition format (version 0.0.4) as Prometheus's own parser does, so tests
 * hold /metrics to what a scrape accepts, no stricter: a value is Go's strconv.ParseFloat form
 * (NaN and Inf in any case, Inf signed or not) without hex floats or underscores, which Prometheus
 * refuses; an optional integer timestamp may follow; label values escape \\, \" and \n.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL_VALUE = String.raw`"(?:[^"\\\n]|\\.)*"`;
const LABEL = String.raw`[ \t]*([a-zA-Z_][a-zA-Z0-9_]*)[ \t]*=[ \t]*(${LABEL_VALUE})[ \t]*`;
const VALUE = String.raw`[+-]?inf(?:inity)?|nan|[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
const SAMPLE = new RegExp(String.raw`^(?<name>${NAME})[ \t]*(?:\{(?<labels>(?:${LABEL},)*(?:${LABEL})?)\})?[ \t]+(?<value>${VALUE})(?:[ \t]+-?\d+)?[ \t]*$`, "i");
const LABELS = new RegExp(LABEL, "g");

function parseValue(text: string): number {
  if (/^nan$/i.test(text)) return NaN;
  const inf = /^([+-]?)inf(inity)?$/i.exec(text);
  if (inf) return inf[1] === "-" ? -Infinity : Infinity;
  return Number(text);
}

/** Every sample in `text`; throws on the first line Prometheus would refuse. */
export function prometheusSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    for (const [, name, quoted] of (m.groups!.labels ?? "").matchAll(LABELS)) {
      labels[name!] = quoted!.slice(1, -1).replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    samples.push({ name: m.groups!.name!, labels, value: parseValue(m.groups!.value!) });
  }
  return samples;
}

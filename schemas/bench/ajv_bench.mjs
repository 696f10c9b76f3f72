// Validates the schemas test corpus with ajv (draft 2020-12) and prints
// messages per wall-clock second and per CPU-second. Usage: node ajv_bench.mjs [seconds]
// Each message is parsed from its JSON text and validated, as the Go side does.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// A game's folder holds a detect.json (how umpire tells kinds apart; no schema).
const games = fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, "detect.json")));
for (const game of games) {
  for (const f of fs.readdirSync(path.join(root, game))) {
    if (f.endsWith(".json") && f !== "detect.json") ajv.addSchema(JSON.parse(fs.readFileSync(path.join(root, game, f), "utf8")));
  }
}
const base = "https://umpire-arena.github.io/schemas/";
const corpusDir = path.join(root, "testdata", "corpus");
const corpus = fs.readdirSync(corpusDir).filter((f) => f.endsWith(".jsonl")).sort()
  .map((f) => fs.readFileSync(path.join(corpusDir, f), "utf8")).join("\n")
  .split("\n").filter(Boolean).map((l) => JSON.parse(l))
  .map((m) => ({ validate: ajv.getSchema(`${base}${m.game}/${m.kind}.json`), text: JSON.stringify(m.message), kind: m.kind }));
for (const m of corpus) {
  if (!m.validate(JSON.parse(m.text))) {
    console.error("ajv rejects a corpus message of kind", m.kind, JSON.stringify(m.validate.errors));
    process.exit(1);
  }
}
const seconds = Number(process.argv[2] || 3);
// Warm up first, so that V8 has optimised the validators before the clock
// starts (on a busy machine its background compiler may otherwise lag).
for (let w = 0; w < 200; w++) {
  for (const m of corpus) m.validate(JSON.parse(m.text));
}
let n = 0;
const cpu0 = process.cpuUsage();
const start = process.hrtime.bigint();
const stop = start + BigInt(Math.round(seconds * 1e9));
while (process.hrtime.bigint() < stop) {
  for (const m of corpus) {
    if (!m.validate(JSON.parse(m.text))) throw new Error("invalid");
  }
  n += corpus.length;
}
const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
const cpu = process.cpuUsage(cpu0);
const cpuSecs = (cpu.user + cpu.system) / 1e6;
// Output: ajv <msgs per wall second> msgs/s <msgs per CPU second> msgs/cpu-s
console.log(`ajv ${Math.round(n / elapsed)} msgs/s ${Math.round(n / cpuSecs)} msgs/cpu-s (${corpus.length} messages, ${elapsed.toFixed(1)} s)`);

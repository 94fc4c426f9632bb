// Assemble web/dist/ from wasm-bindgen's no-modules output and the corpus: the wasm embedded
// as base64 in qili.js (file:// pages may neither fetch a .wasm nor load modules), the corpus
// cases with the published and qili's labels in corpus.js, and the static files.
// Usage: node web/tools/bundle.mjs <pkg dir> <results.json> <out dir>
import { readFileSync, writeFileSync, copyFileSync, readdirSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const [pkg, resultsPath, out] = process.argv.slice(2);
if (!pkg || !resultsPath || !out) {
  console.error("usage: node bundle.mjs <pkg dir> <results.json> <out dir>");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const glue = readFileSync(join(pkg, "qili_web.js"), "utf8");
const wasm = readFileSync(join(pkg, "qili_web_bg.wasm"));
writeFileSync(
  join(out, "qili.js"),
  `${glue}\n// The engine, compiled to WebAssembly (${wasm.length} bytes).\nvar QILI_WASM_BASE64 = "${wasm.toString("base64")}";\n`,
);

// Only what the page shows of each case × edition: the report's published and qili labels.
const results = JSON.parse(readFileSync(resultsPath, "utf8"));
const cases = results.cases.map((c) => ({
  id: c.id,
  title: c.title,
  fen: c.fen,
  editions: c.editions.map((e) => ({
    edition: e.edition,
    anchor: e.anchor,
    rule_book: e.rule_book,
    outcome: e.outcome,
    work: e.source.work,
    figure: e.source.figure ?? null,
    published_verdict: e.published_verdict,
    published_verdict_chinese: e.published_verdict_chinese,
    published_text: e.published_text,
    engine_verdict: e.engine ? e.engine.verdict : null,
    plies: e.plies.map((p) => ({ ply: p.ply, iccs: p.iccs, published: p.published, engine: p.engine })),
  })),
}));
writeFileSync(
  join(out, "corpus.js"),
  `// The corpus as reports/results.json has it (schema ${results.schema_version}), built by web/tools/bundle.mjs.\nvar QILI_CORPUS = ${JSON.stringify({ cases })};\n`,
);

// The page's own files, and the view's shared with the reports (board.js, ruling.js,
// view.css: the same files the reports inline, loaded here, not copied into the source).
const here = dirname(fileURLToPath(import.meta.url));
for (const statics of [join(here, "..", "static"), join(here, "..", "..", "view", "static")]) {
  for (const f of readdirSync(statics)) copyFileSync(join(statics, f), join(out, f));
}
console.log(`web/dist: ${cases.length} cases, wasm ${wasm.length} bytes`);

// The npm package folder web/pkg (web/build.sh writes it) from Node: imported by its
// package.json's entry point, the wasm handed over as bytes, a case judged.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const pkg = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "pkg");

async function load() {
  assert.ok(existsSync(path.join(pkg, "package.json")), `${pkg}: no package; run web/build.sh`);
  const manifest = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8"));
  for (const f of manifest.files) assert.ok(existsSync(path.join(pkg, f)), `the package lists ${f}, which is missing`);
  const qili = await import(path.join(pkg, manifest.exports["."].default));
  qili.initSync({ module: readFileSync(path.join(pkg, "qili_web_bg.wasm")) });
  return qili;
}

test("the package judges perpetual check: red loses", async () => {
  const qili = await load();
  const r = JSON.parse(qili.judge("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w", "车四平五 将5平6 R5.4 K6.5", "cxa2011", false));
  assert.equal(r.verdict, "red_loses");
  assert.equal(r.verdict_chinese, "红方作负");
  assert.deepEqual(r.plies.map((p) => p.label_name), ["check", "idle", "check", "idle"]);
  assert.deepEqual(r.plies[0].evidence.facts.checkers, [{ side: "red", kind: "rook", square: "e0", chinese: "红车(e0)" }]);
  assert.equal(r.cycle.red.summary, "长将");
});

test("a chase is typed, and a bad input throws its field and message", async () => {
  const qili = await load();
  const r = JSON.parse(qili.judge("5a3/5k3/4P4/p7p/9/8P/P8/4B4/2nRA2r1/2BAK4 w", "e2g0 h1g1 g0e2 g1h1", "cxa2011", false));
  const t = r.plies[0].evidence.facts.threats[0];
  assert.equal(t.kind_name, "direct");
  assert.deepEqual([t.target.side, t.target.kind, t.target.square], ["black", "horse", "c1"]);
  assert.throws(() => qili.judge("startpos", "h2e2 h9g7 炮五进九", "cxa2011", false), (e) => {
    const err = JSON.parse(e);
    return err.field === "moves" && err.message.includes("炮五进九");
  });
  assert.deepEqual(JSON.parse(qili.rule_books()).map((b) => b.id).slice(0, 1), ["cxa2011"]);
  assert.equal(JSON.parse(qili.legal_moves("startpos")).length, 44);
});

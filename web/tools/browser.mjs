// Launching the system's Chromium (Debian's `chromium`) for the test and the screenshots: the
// network is closed here and no browser is ever downloaded, so playwright-core drives
// /usr/bin/chromium (or $CHROMIUM) headless with a fresh profile.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

/** A browser context (its `newPage()` opens tabs; `close()` ends the browser). */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), "qili-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}

/** The file:// URL of a path relative to the repository root. */
export function fileUrl(path) {
  return pathToFileURL(resolve(import.meta.dirname, "..", "..", path)).href;
}

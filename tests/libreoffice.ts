import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// PowerPoint exports as LibreOffice reads them (Debian's Impress, headless; scripts/env.sh installs it): converted to
// flat ODF (the slides' text and links as XML) and to PDF (rendered, one page a slide). One LibreOffice run converts
// every deck given, since each start costs seconds.

export interface OpenedDeck {
  slides: number;
  pdfPages: number;
  xml: string;
}

export function openInLibreOffice<K extends string>(decks: Record<K, Uint8Array>): Record<K, OpenedDeck> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pharmascope-deck-"));
  try {
    const names = Object.keys(decks) as K[];
    const files = names.map((name, i) => {
      const file = path.join(dir, `deck-${i}.pptx`);
      writeFileSync(file, decks[name]);
      return file;
    });
    for (const format of ["fodp", "pdf"]) {
      execFileSync("soffice", [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", format, "--outdir", dir, ...files], { stdio: "ignore", timeout: 240_000 });
    }
    return Object.fromEntries(
      names.map((name, i) => {
        const xml = readFileSync(path.join(dir, `deck-${i}.fodp`), "utf8");
        const pdf = readFileSync(path.join(dir, `deck-${i}.pdf`), "latin1");
        return [name, { slides: xml.match(/<draw:page /g)?.length ?? 0, pdfPages: pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0, xml }];
      }),
    ) as Record<K, OpenedDeck>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

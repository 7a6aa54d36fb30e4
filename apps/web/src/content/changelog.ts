/** A version-history entry (app-shell §3): header (version), date, list of items. */
export interface ChangelogEntry {
  readonly version: string;
  readonly date: string;
  readonly items: readonly string[];
}

/** Reads `## 1.2.3 — 2026-11-22` headers and their `- item` lines; anything else is ignored. */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: { version: string; date: string; items: string[] }[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const header = /^##\s+v?(\d+\.\d+\.\d+)\s+[—–-]\s+(\d{4}-\d{2}-\d{2})\s*$/.exec(line);
    if (header) {
      entries.push({ version: header[1]!, date: header[2]!, items: [] });
      continue;
    }
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (item && entries.length > 0) entries.at(-1)!.items.push(item[1]!.trim());
  }
  return entries;
}

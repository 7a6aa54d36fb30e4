import { describe, expect, it } from 'vitest';
import changelog from '../../../../CHANGELOG.md?raw';
import { parseChangelog } from './changelog';

describe('version history', () => {
  it('reads versions, dates and items; ignores other lines', () => {
    expect(parseChangelog('# Changelog\n\nintro\n## 1.2.0 — 2026-11-22\n- one\n- two\n\n## v1.1.0 - 2026-10-01\n* three\n')).toEqual([
      { version: '1.2.0', date: '2026-11-22', items: ['one', 'two'] },
      { version: '1.1.0', date: '2026-10-01', items: ['three'] },
    ]);
  });

  it("the repository's CHANGELOG.md has entries, newest first, each with items", () => {
    const entries = parseChangelog(changelog);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.items.length, e.version).toBeGreaterThan(0);
    const dates = entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

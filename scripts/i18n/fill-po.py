#!/usr/bin/env python3
"""Fills empty msgstr entries of a .po catalog from a {msgid: translation} JSON file.

Used when adding UI texts: `npm run i18n:extract`, then write the new Lithuanian texts into a
JSON file and run `python3 scripts/i18n/fill-po.py apps/web/src/locales/lt/messages.po new.json`.
Entries that already have a translation are left as they are.
"""
import json
import sys


def quote(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def fill(po_path: str, translations: dict) -> int:
    lines = open(po_path, encoding="utf8").read().split("\n")
    out, i, filled = [], 0, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("msgid "):
            msgid = json.loads(line[6:])
            j = i + 1
            while j < len(lines) and lines[j].startswith('"'):
                msgid += json.loads(lines[j])
                j += 1
            out.extend(lines[i:j])
            if j < len(lines) and lines[j].startswith("msgstr "):
                k = j + 1
                msgstr = json.loads(lines[j][7:])
                while k < len(lines) and lines[k].startswith('"'):
                    msgstr += json.loads(lines[k])
                    k += 1
                if msgid and not msgstr and msgid in translations:
                    out.append("msgstr " + quote(translations[msgid]))
                    filled += 1
                else:
                    out.extend(lines[j:k])
                i = k
                continue
            i = j
            continue
        out.append(line)
        i += 1
    open(po_path, "w", encoding="utf8").write("\n".join(out))
    return filled


if __name__ == "__main__":
    po, source = sys.argv[1], sys.argv[2]
    print(f"filled {fill(po, json.load(open(source, encoding='utf8')))} entries")

// The committed catalogs must hold exactly the messages the code uses (a fresh extraction
// into a scratch folder finds the same ids) and every Lithuanian message must be translated,
// with the same placeholders as the source.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, run } from './lib/bootstrap.mjs';
import { CONSOLE_LOCALES, LOCALES } from './lib/locales.mjs';

// Lingui's own ICU compiler (the server's texts use it at run time; the web app's build, the same).
const { compileMessage } = createRequire(join(ROOT, 'adapters/texts-catalog/package.json'))('@lingui/message-utils/compileMessage');

const localesOf = (catalog) => (catalog.name.startsWith('console') ? CONSOLE_LOCALES : LOCALES);
/** The catalogs: the web app's and the server's (SMS, e-mails, photo legends), each extracted into its own scratch folder. */
const CATALOGS = [
  { name: 'web', committed: join(ROOT, 'apps/web/src/locales'), env: 'LINGUI_CATALOG_DIR' },
  { name: 'content', committed: join(ROOT, 'apps/web/src/content/locales'), env: 'LINGUI_CONTENT_CATALOG_DIR' },
  { name: 'account', committed: join(ROOT, 'apps/web/src/account/locales'), env: 'LINGUI_ACCOUNT_CATALOG_DIR' },
  { name: 'forms', committed: join(ROOT, 'apps/web/src/decla/locales'), env: 'LINGUI_FORMS_CATALOG_DIR' },
  { name: 'console', committed: join(ROOT, 'apps/web/src/console/locales'), env: 'LINGUI_CONSOLE_CATALOG_DIR' },
  { name: 'console-start', committed: join(ROOT, 'apps/web/src/console/start/locales'), env: 'LINGUI_CONSOLE_START_CATALOG_DIR' },
  { name: 'server', committed: join(ROOT, 'adapters/texts-catalog/locales'), env: 'LINGUI_SERVER_CATALOG_DIR' },
];

/** Minimal .po reader: msgid/msgstr pairs (multi-line strings joined), header skipped. */
function readPo(file) {
  const entries = new Map();
  let current = null;
  let field = null;
  const unquote = (s) => JSON.parse(s);
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      current = { id: unquote(line.slice(6)), str: '' };
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      current.str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"') && current) {
      current[field] += unquote(line);
    } else if (line === '' && current) {
      if (current.id) entries.set(current.id, current.str);
      current = null;
    }
  }
  if (current?.id) entries.set(current.id, current.str);
  return entries;
}

/**
 * What is wrong with a translation's ICU syntax: unbalanced braces (it would show raw), or a plural
 * with a category the language has not or without `other` (issue 37: Polish, Ukrainian, Russian and
 * Lithuanian have several forms; CLDR's categories by Intl.PluralRules).
 */
function icuProblem(text, locale) {
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  let problem = null;
  // A compiled message is a list of parts: text, or an argument [name, type?, forms?] whose forms are lists again.
  const parts = (list) => {
    for (const part of typeof list === 'string' ? [list] : list) {
      if (typeof part === 'string') {
        if (/[{}]/.test(part)) problem ??= 'its ICU syntax does not parse';
      } else if (part[1] === 'plural' || part[1] === 'selectordinal' || part[1] === 'select') {
        const forms = part[2] ?? {};
        if (part[1] !== 'select') {
          for (const key of Object.keys(forms)) if (key !== 'offset' && !/^=\d+$/.test(key) && !categories.has(key)) problem ??= `its plural has "${key}", which ${locale} has not (${[...categories].join(' ')})`;
          // Every form the language has: a Polish plural without "few" would read wrongly for 2 to 4.
          for (const category of categories) if (!(category in forms)) problem ??= `its plural lacks "${category}" (${locale} has ${[...categories].join(' ')})`;
        }
        if (!('other' in forms)) problem ??= `its ${part[1]} has no "other"`;
        for (const [key, form] of Object.entries(forms)) if (key !== 'offset') parts(form);
      }
    }
  };
  const silenced = console.error;
  console.error = () => {};
  try {
    parts(compileMessage(text));
  } finally {
    console.error = silenced;
  }
  return problem;
}

/** The rich-text tags (<0>…</0>, <1/>) of a text, as a sorted list: a translation keeps the source's. */
const tags = (s) => [...s.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0]).sort().join('');

const placeholders = (s) => [...new Set([...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort().join(",");

const scratch = mkdtempSync(join(tmpdir(), 'eid-i18n-'));
const problems = [];
try {
  run('npx', ['lingui', 'extract', '--config', 'apps/web/lingui.config.ts'], {
    env: { ...process.env, ...Object.fromEntries(CATALOGS.map((c) => [c.env, join(scratch, c.name)])) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const catalog of CATALOGS) {
    // A message with an explicit id (the server's) has its placeholders in the source text, not the id.
    const source = readPo(join(catalog.committed, 'en', 'messages.po'));
    for (const locale of localesOf(catalog)) {
      const fresh = readPo(join(scratch, catalog.name, locale, 'messages.po'));
      const committed = readPo(join(catalog.committed, locale, 'messages.po'));
      const where = `${catalog.name} ${locale}`;
      for (const id of fresh.keys()) if (!committed.has(id)) problems.push(`${where}: "${id}" is used in the code but missing from the catalog (run npm run i18n:extract)`);
      for (const id of committed.keys()) if (!fresh.has(id)) problems.push(`${where}: "${id}" is in the catalog but no longer used (run npm run i18n:extract)`);
      for (const [id, str] of committed) {
        if (!str.trim()) problems.push(`${where}: "${id}" has no translation`);
        else if (placeholders(source.get(id) || id) !== placeholders(str)) problems.push(`${where}: "${id}" has other placeholders in its translation`);
        else if (tags(source.get(id) || id) !== tags(str)) problems.push(`${where}: "${id}" has other rich-text tags (<0>…</0>) in its translation`);
        else if (icuProblem(str, locale)) problems.push(`${where}: "${id}": ${icuProblem(str, locale)}`);
      }
    }
  }
  // The web app's catalogs are merged in the page (a lazy part's joins the first screen's): one
  // message must read the same in each of them, or the later one would change the earlier's text.
  for (const locale of LOCALES) {
    const seen = new Map();
    for (const catalog of CATALOGS.filter((c) => c.name !== 'server' && localesOf(c).includes(locale))) {
      for (const [id, str] of readPo(join(catalog.committed, locale, 'messages.po'))) {
        const before = seen.get(id);
        if (before && before.str !== str) problems.push(`${locale}: "${id}" reads "${before.str}" in ${before.name} but "${str}" in ${catalog.name}: one message, one text`);
        else seen.set(id, { str, name: catalog.name });
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`catalogs: ${LOCALES.join(', ')} complete\n`);

// Every rule id of a SPEC.md (lines "- **PL2** ...") must be cited by at least one test name
// ("[PL2]"), and every id a test cites must exist: the tests are an expression of the rules.
//
// A citation counts only where it stands in the name of a test or a group: the first argument of
// `it(...)`, `test(...)`, `describe(...)` and their chains (`it.each([...])('...')`,
// `test.describe('...')`). An id in a comment, in a table row or in a skipped, todo or `fixme`
// test (or anywhere inside a skipped group) does not count. The test files are read with
// TypeScript's own parser, so strings and comments are told apart as the compiler does.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './lib/bootstrap.mjs';

const SPEC_FILES = ['packages/domain/SPEC.md'];
const TEST_ROOTS = ['packages', 'apps', 'adapters', 'test-fixtures', 'scripts'];
const TEST_FILE = /\.(test|spec)\.(ts|tsx|mjs)$/;
const ID_LINE = /^- \*\*([A-Z]{2,4}\d+)\*\*/;
const CITATION = /\[([A-Z]{2,4}\d+)\]/g;
const TEST_FUNCTIONS = new Set(['it', 'test', 'describe', 'suite', 'bench']);
const NOT_RUN = new Set(['skip', 'todo', 'fixme', 'skipIf', 'fails']);

/** The names along a callee chain: `it.each(rows)` → ['it', 'each'], `test.describe.skip` → ['test', 'describe', 'skip']. */
function calleeChain(expr) {
  const names = [];
  let e = expr;
  for (;;) {
    if (ts.isIdentifier(e)) {
      names.unshift(e.text);
      return names;
    }
    if (ts.isPropertyAccessExpression(e)) {
      names.unshift(e.name.text);
      e = e.expression;
    } else if (ts.isCallExpression(e)) e = e.expression;
    else return null;
  }
}

/** The literal text of a test name (a template's literal parts; its expressions are not ids). */
function literalText(node) {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/** The ids cited by the names of the tests and groups that run in one test file. */
export function citationsIn(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const ids = new Set();
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const chain = calleeChain(node.expression);
      if (chain && TEST_FUNCTIONS.has(chain[0])) {
        if (chain.some((n) => NOT_RUN.has(n))) return; // a skipped test or group: nothing inside counts
        const name = literalText(node.arguments[0]);
        if (name !== null) for (const m of name.matchAll(CITATION)) ids.add(m[1]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return ids;
}

function main() {
  const defined = new Map();
  const problems = [];
  for (const file of SPEC_FILES) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const m = ID_LINE.exec(line);
        if (!m) return;
        if (defined.has(m[1])) problems.push(`${file}:${i + 1}: duplicate id ${m[1]}`);
        defined.set(m[1], `${file}:${i + 1}`);
      });
  }

  const cited = new Map();
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (TEST_FILE.test(name)) {
        for (const id of citationsIn(name, readFileSync(abs, 'utf8'))) if (!cited.has(id)) cited.set(id, relative(ROOT, abs));
      }
    }
  };
  for (const r of TEST_ROOTS) walk(join(ROOT, r));

  for (const [id, where] of defined) if (!cited.has(id)) problems.push(`${where}: rule ${id} is cited by no running test's name`);
  for (const [id, where] of cited) if (!defined.has(id)) problems.push(`${where}: cites ${id}, which no SPEC.md defines`);

  if (defined.size === 0) problems.push('no rule ids found in the SPEC.md files');
  if (problems.length) {
    process.stderr.write(`${problems.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`spec ids: ${defined.size} rules, all cited by running tests' names\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();

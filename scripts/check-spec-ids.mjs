// Every rule id of a SPEC.md (lines "- **PL2** ...") must be cited by at least one test name
// ("[PL2]"), and every id a test cites must exist: the tests are an expression of the rules.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';

const SPEC_FILES = ['packages/domain/SPEC.md'];
const TEST_ROOTS = ['packages', 'apps', 'adapters', 'test-fixtures'];
const TEST_FILE = /\.(test|spec)\.(ts|tsx|mjs)$/;
const ID_LINE = /^- \*\*([A-Z]{2,4}\d+)\*\*/;
const CITATION = /\[([A-Z]{2,4}\d+)\]/g;

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
      for (const m of readFileSync(abs, 'utf8').matchAll(CITATION)) {
        if (!cited.has(m[1])) cited.set(m[1], relative(ROOT, abs));
      }
    }
  }
};
for (const r of TEST_ROOTS) walk(join(ROOT, r));

for (const [id, where] of defined) if (!cited.has(id)) problems.push(`${where}: rule ${id} is cited by no test`);
for (const [id, where] of cited) if (!defined.has(id)) problems.push(`${where}: cites ${id}, which no SPEC.md defines`);

if (defined.size === 0) problems.push('no rule ids found in the SPEC.md files');
if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`spec ids: ${defined.size} rules, all cited by tests\n`);

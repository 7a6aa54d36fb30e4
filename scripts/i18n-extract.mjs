// npm run i18n:extract: Lingui's extraction into every catalog, then the console's two catalogs kept to
// the console's languages (Lingui writes every catalog in every locale; the console speaks lt and en:
// CONSOLE_LOCALES in packages/domain/src/rules/constants.ts, issue 37).
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './lib/bootstrap.mjs';
import { CONSOLE_LOCALES } from './lib/locales.mjs';

run('npx', ['lingui', 'extract', '--clean', '--config', 'apps/web/lingui.config.ts'], { stdio: 'inherit' });
for (const consoleDir of ['apps/web/src/console/locales', 'apps/web/src/console/start/locales'].map((dir) => join(ROOT, dir))) {
  for (const locale of readdirSync(consoleDir)) if (!CONSOLE_LOCALES.includes(locale)) rmSync(join(consoleDir, locale), { recursive: true, force: true });
}

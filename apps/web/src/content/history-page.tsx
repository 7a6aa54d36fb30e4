/**
 * Version history (app-shell §2): this product's releases, read from the repository's CHANGELOG.md
 * at build time. Each entry: header (version), date, list of items.
 */
import { useLingui } from '@lingui/react/macro';
import changelog from '../../../../CHANGELOG.md?raw';
import { parseChangelog } from './changelog';

const ENTRIES = parseChangelog(changelog);

export function HistoryPage() {
  const { t } = useLingui();
  return (
    <article className="page content-page">
      <h1>{t`Version history`}</h1>
      {ENTRIES.map((e) => (
        <section key={e.version} aria-labelledby={`v-${e.version}`}>
          <h2 id={`v-${e.version}`}>
            v{e.version} <time dateTime={e.date}>{e.date}</time>
          </h2>
          <ul>
            {e.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}

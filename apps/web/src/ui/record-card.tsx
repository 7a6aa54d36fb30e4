/**
 * A record as a card (issue 34: the records were bulleted definition lists): its title with an
 * optional tag (a state, a role), its facts as label–value rows (side by side where they fit,
 * one under the other on a narrow phone), then a footer (a note, a link). Lists of them are
 * `RecordList`: a grid of one column on a phone, more on a wide screen.
 */
import type { ReactNode } from 'react';

export interface RecordFact {
  readonly label: string;
  readonly value: ReactNode;
  /** The value's language when it is not the page's (the bureau's words in Lithuanian). */
  readonly lang?: string;
}

export function RecordList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="record-list" aria-label={label}>
      {children}
    </ul>
  );
}

export function RecordCard({ title, tag, tone = 'neutral', facts, children }: { title: ReactNode; tag?: string; tone?: 'neutral' | 'warning' | 'success'; facts: readonly RecordFact[]; children?: ReactNode }) {
  return (
    <li className="record-card">
      <div className="record-card-head">
        <h3>{title}</h3>
        {tag ? <span className={`record-tag record-tag--${tone}`}>{tag}</span> : null}
      </div>
      <dl className="record-facts">
        {facts.map((f) => (
          <div key={f.label} className="record-fact">
            <dt>{f.label}</dt>
            <dd lang={f.lang}>{f.value}</dd>
          </div>
        ))}
      </dl>
      {children ? <div className="record-card-foot">{children}</div> : null}
    </li>
  );
}

// An admin screen's sections (issue 24): a row of buttons, the chosen one pressed, above the
// chosen section under its heading; the address bar's ?tab= follows the choice, so a reload or a
// shared link opens the same section.
import { useId, useState, type ReactNode } from 'react';
import type { TabDef } from '../../shared/Tabs.tsx';

export default function SectionTabs<Id extends string>(props: {
  /** Names the row of buttons ("Payments sections"). */
  label: string;
  tabs: readonly TabDef<Id>[];
  initial: Id;
  /** The chosen section's content. */
  children: (tab: Id) => ReactNode;
}) {
  const headingId = useId();
  const [tab, setTab] = useState<Id>(props.initial);
  const choose = (next: Id) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  };
  return (
    <div>
      <nav aria-label={props.label} className="admin-actions admin-sections">
        {props.tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            className={t.id === tab ? 'btn' : 'btn secondary'}
            aria-pressed={t.id === tab}
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </nav>
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>{props.tabs.find((t) => t.id === tab)?.label}</h2>
        {props.children(tab)}
      </section>
    </div>
  );
}

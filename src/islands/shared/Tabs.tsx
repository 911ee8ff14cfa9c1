// Accessible tabs (WAI-ARIA tabs pattern): a tablist whose arrow keys move between tabs, and the
// panel of the selected one. Shared by the account settings and the dashboards.
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabDef<Id extends string> {
  id: Id;
  label: string;
}

export default function Tabs<Id extends string>(props: {
  label: string;
  tabs: readonly TabDef<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  children: ReactNode;
}) {
  const { tabs, selected, onSelect } = props;
  const onKeyDown = (event: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === selected);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home'
        ? tabs[0]
        : event.key === 'End'
          ? tabs.at(-1)
          : step
            ? tabs[(i + step + tabs.length) % tabs.length]
            : undefined;
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    document.getElementById(`tab-${target.id}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={props.label} className="tabs" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={selected === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={selected === t.id ? 0 : -1}
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`panel-${selected}`} role="tabpanel" aria-labelledby={`tab-${selected}`} className="card">
        {props.children}
      </div>
    </>
  );
}

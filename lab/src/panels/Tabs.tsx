import { type ReactNode, useId, useState } from 'react';

/** Tabs with the keyboard (←/→ between tabs); every panel stays mounted, hidden when not chosen. */
export function Tabs({
  label,
  tabs,
}: {
  label: string;
  tabs: ReadonlyArray<readonly [title: string, content: ReactNode]>;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(0);
  return (
    <div className="tabbed">
      <div
        role="tablist"
        aria-label={label}
        className="tabs"
        onKeyDown={(event) => {
          const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
          if (!delta) return;
          const next = (chosen + delta + tabs.length) % tabs.length;
          setChosen(next);
          document.getElementById(`${id}-tab-${next}`)?.focus();
          event.preventDefault();
        }}
      >
        {tabs.map(([title], index) => (
          <button
            key={title}
            id={`${id}-tab-${index}`}
            type="button"
            role="tab"
            aria-selected={index === chosen}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === chosen ? 0 : -1}
            onClick={() => setChosen(index)}
          >
            {title}
          </button>
        ))}
      </div>
      {tabs.map(([title, content], index) => (
        <div
          key={title}
          id={`${id}-panel-${index}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== chosen}
        >
          {content}
        </div>
      ))}
    </div>
  );
}

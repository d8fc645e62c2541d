import type { LabSession } from '../session.ts';
import { commandInWords } from '../words.ts';

/** Step back and forward through the session's commands, jump to any of them, and switch branches. */
export function TimeTravelPanel({ session }: { session: LabSession }) {
  const entries = session.entries;
  const cursor = session.cursor;
  return (
    <section className="panel time" aria-labelledby="time-title">
      <h2 id="time-title">Time travel</h2>
      <div className="buttons" role="toolbar" aria-label="Step through the session">
        <button
          type="button"
          onClick={() => session.goTo(0)}
          disabled={cursor === 0}
          aria-label="Back to the start"
        >
          « start
        </button>
        <button
          type="button"
          onClick={() => session.back()}
          disabled={cursor === 0}
          aria-keyshortcuts="Alt+ArrowLeft"
        >
          ◀ back
        </button>
        <span className="position" data-testid="cursor" aria-live="polite">
          {cursor} / {entries.length}
        </span>
        <button
          type="button"
          onClick={() => session.forward()}
          disabled={cursor >= entries.length}
          aria-keyshortcuts="Alt+ArrowRight"
        >
          forward ▶
        </button>
        <button
          type="button"
          onClick={() => session.goTo(entries.length)}
          disabled={cursor >= entries.length}
          aria-label="Forward to the end"
        >
          end »
        </button>
      </div>
      <ol className="history" aria-label="Commands of this line">
        {entries.map((entry, index) => (
          <li
            key={entry.id}
            className={`${index < cursor ? 'played' : 'ahead'} ${entry.outcome.ok ? 'ok' : 'refused'}`}
            aria-current={index === cursor - 1 ? 'step' : undefined}
          >
            <button
              type="button"
              onClick={() => session.goTo(index + 1)}
              title="Go to the point after this command"
            >
              {entry.command.player}: {commandInWords(session.game, entry.command)}
              {entry.door === 'host' && ' (host)'}
              {entry.outcome.ok ? '' : ` ✗ ${entry.outcome.rejection.clause}`}
            </button>
          </li>
        ))}
      </ol>
      {cursor < entries.length && (
        <p className="muted">
          A command sent now starts a new branch from here; the rest of this line is kept.
        </p>
      )}
      {session.branches.length > 0 && (
        <div>
          <h3>Branches</h3>
          <ul>
            {session.branches.map((branch, index) => (
              <li key={branch.entries[0]?.id ?? 'empty'}>
                <button type="button" onClick={() => session.switchTo(index)}>
                  switch to: {branch.name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

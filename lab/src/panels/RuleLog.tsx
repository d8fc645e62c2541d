import type { LabSession } from '../session.ts';
import { commandInWords } from '../words.ts';
import { safeClause } from './Refusal.tsx';

/** Every command played so far with the rule events it caused (or its refusal), each with its clause's text. */
export function RuleLogPanel({ session }: { session: LabSession }) {
  const played = session.played;
  return (
    <section className="panel rule-log" aria-labelledby="log-title" data-testid="rule-log">
      <h2 id="log-title">Rule events</h2>
      {played.length === 0 && <p className="muted">No command yet.</p>}
      <ol className="log">
        {played.map((entry) => (
          <li key={entry.id}>
            <div className="log-command">
              <b>{entry.command.player}</b>: {commandInWords(session.game, entry.command)}
              {entry.door === 'host' && <small className="muted"> (host effect)</small>}
            </div>
            <ul>
              {entry.outcome.ok ? (
                entry.outcome.events.map((event, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a command's events never reorder
                  <li key={index} className="rule" data-clause={event.clause} data-kind={event.kind}>
                    <span className="clause-id">{event.clause}</span>{' '}
                    {event.message.replace(`${event.clause}: `, '')}
                    <div className="clause-text small">{safeClause(event.clause)}</div>
                  </li>
                ))
              ) : (
                <li className="refused" data-clause={entry.outcome.rejection.clause}>
                  ✗ refused ({entry.outcome.rejection.code}):{' '}
                  <span className="clause-id">{entry.outcome.rejection.clause}</span>{' '}
                  {entry.outcome.rejection.message.replace(`${entry.outcome.rejection.clause}: `, '')}
                  <div className="clause-text small">{safeClause(entry.outcome.rejection.clause)}</div>
                </li>
              )}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

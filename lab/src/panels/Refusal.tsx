import { type Clause, clause, type Rejection } from 'stccg-rules';

/** A refused command: its code, the clause that refused it with the clause's text, and the message. */
export function RefusalPanel({ rejection }: { rejection: Rejection | null }) {
  if (!rejection) return null;
  const cited = knownClause(rejection.clause);
  return (
    <section className="panel refusal" role="alert" aria-labelledby="refusal-title" data-testid="refusal">
      <h2 id="refusal-title">
        Refused (<span data-testid="refusal-code">{rejection.code}</span>):{' '}
        <span className="clause-id" data-testid="refusal-clause">
          {rejection.clause}
        </span>
      </h2>
      {cited && (
        <blockquote className="clause-text" data-testid="refusal-clause-text">
          {cited.text}
        </blockquote>
      )}
      {cited?.source === 'engine' && (
        <p className="muted small">
          (one of the engine's own clauses: the general rules the specification takes for granted)
        </p>
      )}
      <p data-testid="refusal-message">{rejection.message}</p>
    </section>
  );
}

/** A clause (its text and source); undefined for an id the engine does not know. */
export function knownClause(id: string): Clause | undefined {
  try {
    return clause(id as Parameters<typeof clause>[0]);
  } catch {
    return undefined;
  }
}

/** A clause's text; undefined for an id the engine does not know. */
export function safeClause(id: string): string | undefined {
  return knownClause(id)?.text;
}

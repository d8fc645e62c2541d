import type { Game } from 'stccg-rules';

/** The running battle: its step, who has priority in the open window, the piles, the pairing, a pending decision. */
export function BattlePanel({ game }: { game: Game }) {
  const battle = game.battle();
  const awaiting = game.awaiting();
  const last = game.lastBattle();
  if (!battle) {
    if (!last) return null;
    return (
      <section className="panel battle" aria-labelledby="battle-title" data-testid="battle">
        <h2 id="battle-title">Last battle</h2>
        <p data-testid="battle-result">
          {last.winner ? `${last.winner} won` : 'a tie'}; killed:{' '}
          {last.killed ? game.label(last.killed) : 'no one'}
          {last.totals && ` (totals ${last.totals.attacker} against ${last.totals.defender})`}
        </p>
      </section>
    );
  }
  const data = battle.data;
  return (
    <section className="panel battle" aria-labelledby="battle-title" data-testid="battle" aria-live="polite">
      <h2 id="battle-title">
        Battle: {data.attacker} attacks {data.defender}
      </h2>
      <dl>
        <dt>step</dt>
        <dd data-testid="battle-step">{battle.step}</dd>
        <dt>window</dt>
        <dd>
          {battle.window ? (
            <>
              {battle.window.kind}, priority: <b data-testid="priority">{battle.window.priority}</b>
            </>
          ) : (
            'none open'
          )}
        </dd>
        <dt>combat piles</dt>
        <dd>
          {data.attacker}: {data.piles.attacker.length}, {data.defender}: {data.piles.defender.length} (face
          down)
        </dd>
        {data.pairing && (
          <>
            <dt>pairing {data.pairing.number}</dt>
            <dd data-testid="pairing">
              {game.label(data.pairing.attacker)} ⚔ {game.label(data.pairing.defender)}
            </dd>
          </>
        )}
        <dt>waiting for</dt>
        <dd data-testid="awaiting">
          {awaiting
            ? awaiting.for === 'response'
              ? `${awaiting.player} to respond or pass (${awaiting.window})`
              : `${awaiting.player} to decide: ${awaiting.options.join(', ')}`
            : 'nothing'}
        </dd>
        {data.pairings.length > 0 && (
          <>
            <dt>pairings so far</dt>
            <dd>
              <ol className="pairings">
                {data.pairings.map((p) => (
                  <li key={p.number}>
                    {game.label(p.attacker)} ⚔ {game.label(p.defender)}: {p.outcome}
                    {p.by ? ` by ${p.by}` : ''} <span className="clause-id">({p.clause})</span>
                  </li>
                ))}
              </ol>
            </dd>
          </>
        )}
        {data.totals && (
          <>
            <dt>totals</dt>
            <dd>
              {data.attacker} {data.totals.attacker}, {data.defender} {data.totals.defender}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

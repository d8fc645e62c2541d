import { useCallback, useEffect, useMemo, useState } from 'react';
import { COMMAND_TYPES, type Command, type Rejection } from 'stccg-rules';
import { useComputer } from './computer.ts';
import { doorOf, HOST_EFFECT_TYPES } from './host-effects.ts';
import type { HostedGame } from './hosted.ts';
import { BattlePanel } from './panels/Battle.tsx';
import { BoardPanel } from './panels/Board.tsx';
import { ChartsPanel } from './panels/Charts.tsx';
import { LegalCommandsPanel } from './panels/Commands.tsx';
import { ComposerPanel } from './panels/Composer.tsx';
import { ExportPanel } from './panels/Export.tsx';
import { HostedPanel } from './panels/Hosted.tsx';
import { OddsPanel } from './panels/Odds.tsx';
import { PositionPanel } from './panels/Position.tsx';
import { RefusalPanel } from './panels/Refusal.tsx';
import { RuleLogPanel } from './panels/RuleLog.tsx';
import { SetupBuilderPanel } from './panels/SetupBuilder.tsx';
import { Tabs } from './panels/Tabs.tsx';
import { TimeTravelPanel } from './panels/TimeTravel.tsx';
import { ViewsPanel } from './panels/Views.tsx';
import { builtInPositions } from './positions.ts';
import type { LabSession } from './session.ts';
import { useSession } from './useSession.ts';

/** The players' own command types: every command type but the host's effects. */
const PLAYER_TYPES = COMMAND_TYPES.filter((type) => doorOf({ type }) === 'player');

/**
 * The lab: a session at a position, or, from a replay link, a game on a host (`hosted`, the judge's
 * console); `problem` says why a replay link could not be opened.
 */
export function App({
  initial,
  hosted,
  problem,
}: {
  initial: LabSession;
  hosted?: HostedGame | undefined;
  problem?: string | undefined;
}) {
  const positions = useMemo(() => builtInPositions(), []);
  const [session, setSession] = useState(initial);
  const [rejection, setRejection] = useState<Rejection | null>(null);
  // The sides the computer plays, and the line that explains each one's last choice.
  const [computer, setComputer] = useState<ReadonlySet<string>>(new Set());
  const [explained, setExplained] = useState<Readonly<Record<string, string>>>({});
  const version = useSession(session);
  const game = session.game;

  const open = useCallback(
    (next: LabSession) => {
      // The session left behind stops its actors (a running battle, the holograms); a hosted game's
      // console stops following it too.
      if (next !== session) {
        if (hosted && session === hosted.session) hosted.stop();
        else session.stop();
      }
      setSession(next);
      setRejection(null);
      setComputer(new Set());
      setExplained({});
    },
    [session, hosted],
  );

  const send = useCallback(
    (command: Command) => {
      const outcome = session.send(command, doorOf(command));
      setRejection(outcome.ok ? null : outcome.rejection);
    },
    [session],
  );

  const computerPlays = useCallback(
    (player: string, command: Command, explanation: string) => {
      setExplained((before) => ({ ...before, [player]: explanation }));
      send(command);
    },
    [send],
  );
  useComputer(session, version, computer, computerPlays);
  const toggleComputer = useCallback((player: string, on: boolean) => {
    setComputer((before) => {
      const sides = new Set(before);
      if (on) sides.add(player);
      else sides.delete(player);
      return sides;
    });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey) return;
      if (event.key === 'ArrowLeft') session.back();
      else if (event.key === 'ArrowRight') session.forward();
      else return;
      setRejection(null);
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session]);

  return (
    <>
      <header className="top">
        <h1>stccg rules lab</h1>
        <p className="session-title" data-testid="session-title">
          {session.origin.title}
        </p>
      </header>
      <main className="lab">
        <div className="column">
          {problem && (
            <section className="panel hosted" aria-labelledby="hosted-title">
              <h2 id="hosted-title">Hosted game</h2>
              <p className="problem" role="alert" data-testid="hosted-problem">
                The replay link could not be opened: {problem}
              </p>
            </section>
          )}
          {hosted && session === hosted.session && <HostedPanel hosted={hosted} />}
          <PositionPanel positions={positions} open={open} />
          <TimeTravelPanel session={session} />
          <RefusalPanel rejection={rejection} />
          <BattlePanel game={game} />
          <LegalCommandsPanel
            game={game}
            send={send}
            computer={computer}
            explained={explained}
            toggleComputer={toggleComputer}
          />
          <ComposerPanel
            key={`host-${session.origin.title}`}
            game={game}
            types={HOST_EFFECT_TYPES}
            send={send}
            title="Host effects"
            intro="What a card does, carried out by the host on either player's turn: a card kills, a dilemma makes a hologram leave, a trap captures, a selection."
            testId="host-effects"
          />
          <ComposerPanel
            key={`try-${session.origin.title}`}
            game={game}
            types={PLAYER_TYPES}
            send={send}
            title="Try any command"
            intro="Build a player's command, legal or not: the engine judges it, and a refusal shows the clause that decided."
            testId="try-command"
          />
        </div>
        <div className="column">
          <BoardPanel game={game} />
          <Tabs
            label="What the engine shows"
            tabs={[
              ['Statecharts', <ChartsPanel key="charts" session={session} />],
              ['Rule events', <RuleLogPanel key="log" session={session} />],
              ["Players' views", <ViewsPanel key="views" game={game} />],
              ['Export', <ExportPanel key="export" session={session} />],
              ['Odds', <OddsPanel key={`odds-${session.origin.title}`} session={session} />],
              ['Build a setup', <SetupBuilderPanel key="builder" session={session} open={open} />],
            ]}
          />
        </div>
      </main>
    </>
  );
}

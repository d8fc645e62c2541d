/**
 * stccg-rules: the rules engine for the Star Trek CCG (First Edition), holographic personnel and
 * equipment first. Start a game with `createGame(setup, { seed })`, send it commands, read what
 * happened and why (every rule event and rejection names its clause).
 */

export { battleMachine } from '../machines/battle.machine.ts';
export {
  type AcceptedEvent,
  type EffectEvent,
  type GameEmitted,
  type GameEvent,
  type GameInput,
  gameMachine,
  hologramActorId,
} from '../machines/game.machine.ts';
export { hologramMachine } from '../machines/hologram.machine.ts';
export { responseWindowMachine } from '../machines/response-window.machine.ts';
export { CardLibrary, CardLibraryError } from './cards/library.ts';
/** The demo's two positions (`npm start`): holograms at Ligos VII, and a boarding party's battle. */
export { DEMO_BATTLE_SETUP, DEMO_SETUP } from './demo/demo-setup.ts';
export {
  type CommandResult,
  createGame,
  type ForkOptions,
  Game,
  type GameActor,
  type GameOptions,
  type GameOrigin,
  type PolicyFailure,
} from './game/game.ts';
export {
  type GameAtOptions,
  gameAt,
  gameStateOf,
  kernelOf,
  kernelPolicies,
  persistedSnapshotOf,
} from './game/kernel-bridge.ts';
export {
  applyPayloadPatch,
  PatchError,
  type PatchOperation,
  payloadPatch,
} from './game/patch.ts';
export type { Awaiting, BuiltInPolicy, Policy, PolicyFunction, Situation } from './game/policies.ts';
export {
  type CheckOptions,
  checkSave,
  type RestoreOptions,
  replayGame,
  restoreGame,
  resumeGame,
  SAVE_FORMAT,
  SAVE_MAX_VALUES,
  SAVE_VERSION,
  type SavedGame,
  SaveError,
  type SaveOptions,
  saveGame,
} from './game/save.ts';
export { Seat, type SeatPayload } from './game/seat.ts';
export { type GameInputOptions, gameInput, SetupError } from './game/setup-board.ts';
export {
  checkSaveKey,
  createSaveKey,
  MIN_SECRET_BYTES,
  type SaveKey,
  type SaveSignature,
} from './game/signing.ts';
export { type Audience, audienceOf, type StepEvents, stepEventsFor } from './game/step-events.ts';
export type { BattlePublicView, CardView, PlayerView } from './game/view.ts';
export {
  Kernel,
  type KernelForkOptions,
  type KernelOptions,
  type KernelPolicy,
  type KernelResult,
  type KernelSituation,
} from './kernel/kernel.ts';
export { type Played, type PlayOptions, play } from './kernel/play.ts';
export { type GameState, type HologramRecord, tableAt } from './kernel/state.ts';
export type {
  AwaitedDecision,
  BattleData,
  BattleStep,
  BattleView,
  BattleViewData,
  Group,
  Pairing,
  PairingOutcome,
  PairingRecord,
  Side,
} from './model/battle.ts';
export type * from './model/board.ts';
export { NO_STATUSES, opponentOf } from './model/board.ts';
export {
  type CardDefinition,
  type CardDefinitionInput,
  cardDefinitionSchema,
} from './model/card-definition.ts';
export { allClauses, type Clause, type ClauseId, clause } from './model/clauses.ts';
export {
  BATTLE_WINDOWS,
  type BattleWindow,
  COMMAND_TYPES,
  type Command,
  type CommandType,
  commandSchema,
  type EffectResponse,
  HOST_EFFECT_TYPES,
  type HostEffect,
  type HostEffectType,
  isHostEffect,
  PLAYER_COMMAND_TYPES,
  type PlayerCommand,
  type PlayerCommandType,
  RESPONSE_EFFECT_TYPES,
} from './model/commands.ts';
export type { HologramState, Rejection, RejectionCode, RuleEvent, RuleEventKind } from './model/events.ts';
export { MAX_JSON_DEPTH } from './model/plain.ts';
export { type Setup, setupSchema } from './model/setup.ts';
export { type BattleOdds, battleOdds, OddsError, type OddsOptions, type PersonnelOdds } from './odds/odds.ts';
export type { BattleState } from './rules/battle/sequence.ts';
export type { Door } from './rules/commands/admit.ts';
export type { UseVerdict } from './rules/species.ts';
export type { HologramView, Table } from './rules/table.ts';

/**
 * stccg-rules/host: two people (or more, watching) play one game over a network. An authoritative host
 * on Colyseus 0.16: one room per game, seats claimed with tokens, each seat's payload then JSON Patches,
 * the rule events each seat may hear, and every accepted command committed to a store before it is
 * answered, so that no restart loses a game. Node only; its packages (`@colyseus/core`,
 * `@colyseus/ws-transport`, `@colyseus/schema`, `colyseus.js`, and `@electric-sql/pglite` or `pg`) are
 * optional peers of stccg-rules: a client that only imports the core installs none of them.
 */

export type { ReplayLink } from './create-game.ts';
export {
  type CreatedGame,
  type GameRequest,
  type Host,
  HostError,
  type HostOptions,
  type RotatedSeat,
  startHost,
} from './host.ts';
export { keyFromFile } from './keys.ts';
export {
  type AnswerMessage,
  type HostRefusal,
  type JoinOptions,
  MAX_MESSAGE_BYTES,
  type RefusedMessage,
  ROOM_NAME,
  type SyncReply,
  type UpdateMessage,
  type WelcomeMessage,
} from './protocol.ts';
export type { Replay, ReplayStep } from './replay.ts';
export { type RetentionOptions, type Swept, sweep } from './retention.ts';
export { openEmbeddedStore } from './store/embedded-store.ts';
export { openStore } from './store/open-store.ts';
export { openPostgresStore } from './store/postgres-store.ts';
export {
  type ExportedGame,
  type GameStore,
  type LoadedGame,
  type NewGame,
  type Pruned,
  type StoredCheckpoint,
  type StoredStep,
  StoreError,
} from './store/store.ts';

import type { Kernel } from '../kernel/kernel.ts';
import type { Board } from '../model/board.ts';
import type { PlayerCommand } from '../model/commands.ts';
import { type Candidate, candidatesOf, remembered, type TurnMemory } from './plans.ts';
import { answerFor, listed, outcomeOf, type Pick, playOut, type Searching, type Work } from './playout.ts';
import { derivedSeed, generator } from './rng.ts';

/**
 * The search: information-set Monte-Carlo tree search (Cowling, Powley and Whitehouse, 2012) over the
 * bot's own commands of its turn: its moves, reports, activations, emitters and attack, then its
 * responses and decisions in the battles. Each iteration
 *
 * 1. determinizes: a fork of the decision's position with its generator reseeded and the face-down
 *    combat piles of a running battle put in a new order (what the bot cannot see, drawn anew);
 * 2. descends the tree of the bot's commands, choosing by UCB among those the determinization allows
 *    (each counted available when it is: the information set's own UCB), the opponent answering the
 *    battles by the quick rule (responses included) wherever the battle awaits it;
 * 3. adds one command to the tree, then plays on by the quick rule to the end of the opponent's next
 *    turn (`playout.ts`), and scores the personnel killed or captured minus those lost;
 * 4. backs the score up along the commands it took.
 *
 * Work is counted (commands carried out, listings of legal commands, forks), never timed: the same seed
 * gives the same tree on any machine.
 */

/** A command of the bot's at a node, and what its iterations came to. */
export interface Edge {
  readonly candidate: Candidate;
  /** The board where it was first weighed (its cards where they stood then: for the explanation). */
  readonly board: Board;
  /** Iterations that took it. */
  visits: number;
  /** Iterations in which it was among the commands the determinization allowed. */
  available: number;
  /** Sums over its iterations: the score (kills minus losses), the kills, the losses. */
  score: number;
  kills: number;
  losses: number;
  /** The first battle each of its iterations finished: won, lost or tied by the bot. */
  won: number;
  lost: number;
  tied: number;
  child: TreeNode | null;
}

export interface TreeNode {
  readonly edges: Map<string, Edge>;
}

/** What a command carried out costs, and a fork, and a listing of legal commands, in units of work. */
export const WORK = { command: 1, fork: 2, listing: 3 } as const;

/** Tries of each command at the root before UCB chooses among them. */
const ROOT_TRIES = 3;

/** How far the tree looks: this many of the bot's commands in a row, at most. */
const MAX_DEPTH = 16;
/**
 * UCB's exploration, in points of score: a score's spread is about a personnel or two, so that a
 * command worse by half a personnel is still tried about one time in several.
 */
const EXPLORATION = 1.0;

/** A search's size: work to spend (a budget in time), or a number of iterations (tests, comparisons). */
export type SearchBudget = { readonly work: number } | { readonly iterations: number };

export interface SearchResult {
  readonly root: TreeNode;
  readonly iterations: number;
  readonly work: number;
  /** What the work was made of: commands carried out, forks, listings of legal commands. */
  readonly spent: { readonly commands: number; readonly forks: number; readonly listings: number };
}

/** The bot's mean score for a command, with its slight preference between equals. */
export function worth(edge: Edge): number {
  return edge.visits === 0 ? Number.NEGATIVE_INFINITY : edge.score / edge.visits + edge.candidate.preference;
}

/**
 * The command the search chooses at a node: among those tried at least half as often as the most
 * tried (UCB tries the best most: the rest are the doubtful), the best mean score.
 */
export function chosen(node: TreeNode): Edge | undefined {
  const edges = [...node.edges.values()];
  const most = Math.max(0, ...edges.map((edge) => edge.visits));
  let best: Edge | undefined;
  for (const edge of edges) {
    if (edge.visits === 0 || edge.visits * 2 < most) continue;
    if (!best || worth(edge) > worth(best)) best = edge;
  }
  return best;
}

/** The edges of a node, best first: the chosen one, then the others by their mean score. */
export function ranked(node: TreeNode): Edge[] {
  const best = chosen(node);
  const rest = [...node.edges.values()].filter((edge) => edge !== best).sort((a, b) => worth(b) - worth(a));
  return best ? [best, ...rest] : rest;
}

function newEdge(candidate: Candidate, board: Board): Edge {
  return {
    candidate,
    board,
    visits: 0,
    available: 0,
    score: 0,
    kills: 0,
    losses: 0,
    won: 0,
    lost: 0,
    tied: 0,
    child: null,
  };
}

export function search(
  root: Kernel,
  searching: Searching,
  rootCandidates: readonly Candidate[],
  rootMemory: TurnMemory,
  budget: SearchBudget,
  seed: number,
): SearchResult {
  const tree: TreeNode = { edges: new Map() };
  for (const candidate of rootCandidates) tree.edges.set(candidate.key, newEdge(candidate, root.board()));
  const order = generator(derivedSeed(seed, 0x7fff_ffff));
  const work: Work = { listings: 0 };
  let commands = 0;
  let forks = 0;
  const spent = () => commands + forks * WORK.fork + work.listings * WORK.listing;
  let iterations = 0;
  const more = () => ('iterations' in budget ? iterations < budget.iterations : spent() < budget.work);
  // At least every root command once, however small the budget: none is chosen unseen.
  while (more() || iterations < rootCandidates.length) {
    const iterationSeed = derivedSeed(seed, iterations);
    const kernel = root.fork({ seed: iterationSeed, reshuffle: true });
    forks++;
    const stepBefore = kernel.step();
    const pick = generator(iterationSeed);
    const path = descend(kernel, searching, tree, rootCandidates, rootMemory, pick, order, work);
    // The first battle the iteration finished with the bot in it, for the chance the explanation gives.
    // A battle of others (Rogue Borg the bot played against the opponent's crew) is no battle the bot
    // won or lost: counted as lost, it read "0% to win" for a play that kills.
    let battle = 'none' as 'won' | 'lost' | 'tied' | 'none';
    let battleBefore = root.lastBattle();
    const noteBattle = () => {
      if (battle !== 'none') return;
      const record = kernel.lastBattle();
      if (record === battleBefore || record === null) return;
      battleBefore = record;
      if (record.attacker !== searching.me && record.defender !== searching.me) return;
      battle = record.winner === searching.me ? 'won' : record.winner === null ? 'tied' : 'lost';
    };
    noteBattle();
    // Past the tree: the quick rule to the end of the opponent's next turn.
    playOut(kernel, searching, path.attacked, pick, work, noteBattle);
    const { kills, losses } = outcomeOf(kernel, searching);
    for (const edge of path.edges) {
      edge.visits++;
      edge.score += kills - losses;
      edge.kills += kills;
      edge.losses += losses;
      if (battle === 'won') edge.won++;
      else if (battle === 'lost') edge.lost++;
      else if (battle === 'tied') edge.tied++;
    }
    commands += kernel.step() - stepBefore;
    iterations++;
  }
  return { root: tree, iterations, work: spent(), spent: { commands, forks, listings: work.listings } };
}

/** The commands an iteration took down the tree, and whether the bot's turn has had its battle. */
interface Path {
  readonly edges: Edge[];
  attacked: boolean;
}

/**
 * Down the tree: at each of the bot's decisions, UCB among the commands this determinization allows
 * (one never tried first, in a seeded order); the opponent answers by the quick rule. Stops after
 * adding one command to the tree, at the end of the bot's turn, or at the tree's depth.
 */
function descend(
  kernel: Kernel,
  searching: Searching,
  tree: TreeNode,
  rootCandidates: readonly Candidate[],
  rootMemory: TurnMemory,
  pick: Pick,
  order: Pick,
  work: Work,
): Path {
  const { me, opponent } = searching;
  const path: Path = { edges: [], attacked: kernel.battle() !== undefined };
  const turn = kernel.board().turn.number;
  let node = tree;
  let memory = rootMemory;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    answerFor(kernel, opponent, pick, work);
    const awaiting = kernel.awaiting();
    const mine = awaiting
      ? awaiting.player === me
      : kernel.board().turn.player === me && kernel.board().turn.number === turn;
    if (!mine) break;
    const candidates =
      depth === 0
        ? rootCandidates
        : candidatesOf(listed(kernel, me, work) as PlayerCommand[], memory, kernel.board());
    if (candidates.length === 0) break;
    const edges = candidates.map((candidate) => {
      let edge = node.edges.get(candidate.key);
      if (!edge) {
        edge = newEdge(candidate, kernel.board());
        node.edges.set(candidate.key, edge);
      }
      edge.available++;
      return edge;
    });
    // At the root every command a few times before UCB weighs them: one unlucky playout (the opponent's
    // rash attack won) must not bury a command for the rest of the search.
    const least = depth === 0 ? ROOT_TRIES : 1;
    const untried = edges.filter((edge) => edge.visits < least);
    const edge = untried.length > 0 ? untried[order(untried.length)]! : byUcb(edges);
    if (!kernel.own(edge.candidate.command).ok) break;
    // A group's other commands: those the rules still allow (a move may have made another moot).
    for (const command of edge.candidate.rest ?? []) kernel.own(command);
    path.edges.push(edge);
    if (edge.candidate.command.type === 'attack') path.attacked = true;
    if (edge.candidate.command.type === 'endTurn') {
      path.attacked = false;
      break;
    }
    memory = remembered(memory, edge.candidate);
    if (edge.visits < least) {
      // The command just added (or, at the root, tried again): the opponent answers, then the quick rule plays on.
      answerFor(kernel, opponent, pick, work);
      break;
    }
    edge.child ??= { edges: new Map() };
    node = edge.child;
  }
  return path;
}

/** UCB1 over the commands available, each counted against the iterations in which it was. */
function byUcb(edges: readonly Edge[]): Edge {
  let best = edges[0]!;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const edge of edges) {
    const value = worth(edge) + EXPLORATION * Math.sqrt(Math.log(edge.available) / edge.visits);
    if (value > bestValue) {
      best = edge;
      bestValue = value;
    }
  }
  return best;
}

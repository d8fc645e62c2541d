import type { CommandOf, CommandType } from '../../model/commands.ts';
import type { Draft } from '../draft.ts';
import type { Table } from '../table.ts';
import type { Refusal } from './refusal.ts';

/**
 * The rules of one command: `check` says whether it may be carried out now (and why not), `resolve`
 * carries it out on a draft. `resolve` is only ever called after `check` passed. `afterwards`, where a
 * command has it, is what follows it once it and the checks every command is followed by are done (a
 * pass that closes a response window carries the battle on to its next step).
 */
export interface CommandRule<T extends CommandType> {
  check(table: Table, command: CommandOf<T>): Refusal | undefined;
  resolve(draft: Draft, command: CommandOf<T>): void;
  afterwards?(draft: Draft, command: CommandOf<T>): void;
}

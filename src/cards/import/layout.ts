/**
 * Where things are in a blueprint file, by line: the HJSON parser gives values, not positions, and a
 * note about a card must say where the card is. The file has parsed already, so this skims its text
 * (JSON or HJSON: comments, quoteless strings, multiline strings) for the structure alone: the line of
 * each element of the root's `cards` array and of each of its keys, the root's own keys, and the cards
 * written inside comments (commented out).
 */

/** Where one element of the `cards` array is: its first line, and the line of each of its keys. */
export interface ElementLayout {
  readonly line: number;
  readonly keys: ReadonlyMap<string, number>;
}

/** A card written inside a comment, by its title. */
export interface CommentedOutCard {
  readonly line: number;
  readonly title: string;
}

export interface FileLayout {
  /** The root object's keys, by line. */
  readonly keys: ReadonlyMap<string, number>;
  /** The elements of the root's `cards` array, in order. */
  readonly cards: readonly ElementLayout[];
  readonly commentedOut: readonly CommentedOutCard[];
}

const EMPTY: FileLayout = { keys: new Map(), cards: [], commentedOut: [] };

/** The layout of a file that parsed; an empty one where the skim loses its way (lines then fall back to the file's). */
export function layoutOf(text: string): FileLayout {
  try {
    return new Skimmer(text).root();
  } catch {
    return EMPTY;
  }
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const COMMENT_MARKS = /^[ \t]*(?:\/\/+|#+|\/\*+|\*+(?!\/))?/gm;
const COMMENTED_TITLE = /^\s*["']?title["']?\s*:\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^\n]*?))\s*,?\s*$/gm;

class Skimmer {
  private at = 0;
  private readonly lineStarts: number[] = [0];
  private readonly commented: CommentedOutCard[] = [];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  root(): FileLayout {
    const keys = new Map<string, number>();
    let cards: ElementLayout[] = [];
    this.blank();
    // HJSON allows a root object without braces.
    const braced = this.text[this.at] === '{';
    if (braced) this.at++;
    this.members(keys, braced ? '}' : undefined, (key) => {
      if (key !== 'cards' || this.text[this.at] !== '[') return false;
      cards = this.elements();
      return true;
    });
    return { keys, cards, commentedOut: this.commented };
  }

  /** Line (from 1) of a position in the text. */
  private lineOf(position: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  /** Whitespace and comments; a comment's `title: ...` lines are cards commented out. */
  private blank(): void {
    const { text } = this;
    for (;;) {
      const ch = text[this.at];
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') this.at++;
      else if (ch === '#' || (ch === '/' && text[this.at + 1] === '/')) {
        const end = text.indexOf('\n', this.at);
        this.comment(this.at, end === -1 ? text.length : end);
      } else if (ch === '/' && text[this.at + 1] === '*') {
        const end = text.indexOf('*/', this.at + 2);
        this.comment(this.at, end === -1 ? text.length : end + 2);
      } else return;
    }
  }

  private comment(start: number, end: number): void {
    // Each line without its comment marks (// # /* *), as the card read before it was commented out.
    const body = this.text.slice(start, end).replace(COMMENT_MARKS, '');
    const first = this.lineOf(start);
    for (const match of body.matchAll(COMMENTED_TITLE)) {
      const title = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      const line = first + (body.slice(0, match.index).match(/\n/g)?.length ?? 0);
      if (title) this.commented.push({ line, title });
    }
    this.at = end;
  }

  /**
   * An object's members up to `close` (or the end, for a root without braces), each key's line kept in
   * `keys`. `special` may read a member's value itself (it returns true when it did).
   */
  private members(keys: Map<string, number>, close: string | undefined, special?: (key: string) => boolean) {
    for (;;) {
      this.blank();
      const ch = this.text[this.at];
      if (ch === undefined) {
        if (close) throw new Error('unclosed object');
        return;
      }
      if (ch === close) {
        this.at++;
        return;
      }
      if (ch === ',') {
        this.at++;
        continue;
      }
      const line = this.lineOf(this.at);
      const key = this.key();
      if (!keys.has(key)) keys.set(key, line);
      this.blank();
      if (this.text[this.at] !== ':') throw new Error('expected a colon');
      this.at++;
      this.blank();
      if (!special?.(key)) this.value();
    }
  }

  /** The elements of an array (at its `[`), each one's line and, for an object, its keys' lines. */
  private elements(): ElementLayout[] {
    const found: ElementLayout[] = [];
    this.at++;
    for (;;) {
      this.blank();
      const ch = this.text[this.at];
      if (ch === undefined) throw new Error('unclosed array');
      if (ch === ']') {
        this.at++;
        return found;
      }
      if (ch === ',') {
        this.at++;
        continue;
      }
      const keys = new Map<string, number>();
      const line = this.lineOf(this.at);
      if (ch === '{') {
        this.at++;
        this.members(keys, '}');
      } else this.value();
      found.push({ line, keys });
    }
  }

  private value(): void {
    const ch = this.text[this.at];
    if (ch === '{') {
      this.at++;
      this.members(new Map(), '}');
    } else if (ch === '[') this.elements();
    else if (ch === '"' || ch === "'") this.quoted();
    else this.quoteless();
  }

  private key(): string {
    const ch = this.text[this.at];
    if (ch === '"' || ch === "'") {
      const start = this.at;
      this.quoted();
      try {
        return JSON.parse(
          ch === '"' ? this.text.slice(start, this.at) : `"${this.text.slice(start + 1, this.at - 1)}"`,
        );
      } catch {
        return this.text.slice(start + 1, this.at - 1);
      }
    }
    const start = this.at;
    while (this.at < this.text.length && !/[\s:,{}[\]]/.test(this.text[this.at]!)) this.at++;
    if (this.at === start) throw new Error('expected a key');
    return this.text.slice(start, this.at);
  }

  private quoted(): void {
    const { text } = this;
    if (text.startsWith("'''", this.at)) {
      const end = text.indexOf("'''", this.at + 3);
      if (end === -1) throw new Error('unclosed multiline string');
      this.at = end + 3;
      return;
    }
    const quote = text[this.at];
    this.at++;
    while (this.at < text.length && text[this.at] !== quote) this.at += text[this.at] === '\\' ? 2 : 1;
    if (this.at >= text.length) throw new Error('unclosed string');
    this.at++;
  }

  /**
   * A quoteless value runs to the end of its line, as HJSON reads it; but a number, true, false or null
   * ends at a comma, a closing bracket or a comment (JSON written on one line).
   */
  private quoteless(): void {
    const { text } = this;
    const start = this.at;
    for (;;) {
      const ch = text[this.at];
      const end = ch === undefined || ch === '\n' || ch === '\r';
      const punctuation =
        ch === ',' ||
        ch === '}' ||
        ch === ']' ||
        ch === '#' ||
        (ch === '/' && (text[this.at + 1] === '/' || text[this.at + 1] === '*'));
      if (end || punctuation) {
        const word = text.slice(start, this.at).trim();
        if (word === 'true' || word === 'false' || word === 'null' || JSON_NUMBER.test(word)) return;
        if (end) return;
      }
      this.at++;
    }
  }
}

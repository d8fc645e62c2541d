import type { Skill } from '../../model/card-definition.ts';

/**
 * A personnel's skill box, as the blueprint files give it: a line of text ("[*] Honor [*] Computer Skill
 * x2 [DL] Medical Kit"), or an object whose `skills` list the regular skills ({ name, level }) beside
 * the special ones ({ type: 'specialModifier', text }). The regular skills are facts; a special skill
 * (a download, a modifier...) is game text, left out and reported.
 */

export interface SkillBox {
  readonly skills: Skill[];
  /** What could not be read as a regular skill, each in a sentence (for the import's notes). */
  readonly leftOut: string[];
}

/**
 * A regular skill's name: one to three words (MEDICAL, Computer Skill, Section 31). Anything longer, or
 * with other signs, is a special skill's sentence.
 */
const SKILL_NAME = /^[A-Za-z][A-Za-z'-]*(?: [A-Za-z0-9][A-Za-z0-9'-]*){0,2}$/;
/** "Computer Skill x2", "Leadership x 3". */
const WITH_LEVEL = /^(.*?)\s+x\s*([1-9])$/;

/** Reads a skill box; a value of another shape leaves out all of it. */
export function readSkillBox(box: unknown): SkillBox {
  if (typeof box === 'string') return fromText(box);
  if (box !== null && typeof box === 'object' && Array.isArray((box as { skills?: unknown }).skills)) {
    return fromList((box as { skills: unknown[] }).skills);
  }
  return { skills: [], leftOut: ['a skill box that is neither text nor { skills: [...] }'] };
}

function fromText(text: string): SkillBox {
  const skills: Skill[] = [];
  const leftOut: string[] = [];
  // Each part starts with its dot: [*] a skill, [DL] a download (game text).
  const parts = text.split(/(?=\[\*\]|\[DL\])/);
  for (const raw of parts) {
    const part = raw.trim();
    if (!part) continue;
    if (part.startsWith('[DL]')) {
      leftOut.push(`a download ([DL] ${part.slice(4).trim()}) is game text`);
      continue;
    }
    if (!part.startsWith('[*]')) {
      leftOut.push(`"${part}" is not a skill dot ([*])`);
      continue;
    }
    const skill = regularSkill(part.slice(3).trim());
    if (skill) skills.push(skill);
    else leftOut.push(`"${part.slice(3).trim()}" is no regular skill (special skills are game text)`);
  }
  return { skills, leftOut };
}

function fromList(list: readonly unknown[]): SkillBox {
  const skills: Skill[] = [];
  const leftOut: string[] = [];
  for (const entry of list) {
    const { type, name, level } = (entry ?? {}) as { type?: unknown; name?: unknown; level?: unknown };
    if (type === 'regular' && typeof name === 'string' && SKILL_NAME.test(name.trim())) {
      if (level === undefined) skills.push({ name: name.trim(), level: 1 });
      else if (Number.isInteger(level) && (level as number) >= 1 && (level as number) <= 9)
        skills.push({ name: name.trim(), level: level as number });
      else leftOut.push(`skill "${name}" has a level that is not 1 to 9 (${JSON.stringify(level)})`);
    } else if (typeof type === 'string' && type.startsWith('special')) {
      leftOut.push(`a special skill (${type}) is game text`);
    } else leftOut.push(`a skill entry that is not { type: 'regular', name }: ${JSON.stringify(entry)}`);
  }
  return { skills, leftOut };
}

/** "Honor", "Computer Skill x2": a regular skill at its level, or undefined for anything else. */
function regularSkill(text: string): Skill | undefined {
  const levelled = WITH_LEVEL.exec(text);
  const name = (levelled ? levelled[1]! : text).trim();
  if (!SKILL_NAME.test(name)) return undefined;
  return { name, level: levelled ? Number(levelled[2]) : 1 };
}

import type { Word } from '../types.ts';

/**
 * Notes in parentheses that forms print on a heading to say what the box wants ("(name and full address)", "(nom,
 * adresse, pays)"). They are part of the heading, never a value: names and addresses are not written in parentheses.
 * A note is words only: "(3 SKIDS)" and "(555) 010-4477" are values.
 */

// The most words such a note holds.
export const NOTE_WORDS = 8;

const text = (words: Word[]): string => words.map((w) => w.text).join(' ').trim();

/** A line that is nothing but a note: "(NAME AND FULL ADDRESS):", "[(nom et adresse) |". */
export function isNote(words: Word[]): boolean {
  const t = text(words).replace(/^[[|]+\s*/, '').replace(/\s*[:;|\]]+$/, '');
  return words.length <= NOTE_WORDS && /^\(.*\)$/.test(t) && !/\d/.test(t) && t.indexOf(')') === t.length - 1;
}

/** Where the end of a note opened on the line above closes ("ADDRESS, COUNTRY) / DESTINATAIRE"): its word's index, or -1. */
function noteEndAt(words: Word[]): number {
  const k = words.findIndex((w) => w.text.includes(')'));
  return k >= 0 && k < NOTE_WORDS && !words.slice(0, k + 1).some((w) => /[(\d]/.test(w.text)) ? k : -1;
}

/** A line that starts with the end of a note opened on the line above it. */
export const closesNote = (words: Word[]): boolean => noteEndAt(words) >= 0;

/** The words after such a note's end (all of them when they start with none). */
export const afterNoteEnd = (words: Word[]): Word[] => words.slice(noteEndAt(words) + 1);

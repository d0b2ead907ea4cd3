#!/usr/bin/env node
// `npm run docs:adr`: writes the index of docs/decisions/README.md from the ADRs themselves (ADR 059):
// each one's number, title and status, and the later ADRs that amend, replace or supersede it — read
// from the older ADR's Status ("Amended by ADR 041") and from the later one's ("Amends ADR 007"), so
// the index shows the link even where only one side wrote it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS_DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
export const INDEX_FILE = join(DECISIONS_DIR, 'README.md');
const START = '<!-- adr-index:start -->';
const END = '<!-- adr-index:end -->';

/** Every ADR file as { number, file, title, status } where status is its whole Status paragraph. */
export function readDecisions(dir = DECISIONS_DIR) {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.*\.md$/.test(file))
    .sort()
    .map((file) => {
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      const title = (lines[0] ?? '').replace(/^#\s*\d{3}\s*[—–-]\s*/, '').trim();
      const at = lines.findIndex((line) => line.startsWith('Status:'));
      const status = [];
      for (let i = at; at >= 0 && i < lines.length && lines[i].trim() !== '' && !lines[i].startsWith('#'); i += 1)
        status.push(lines[i].trim());
      return { number: file.slice(0, 3), file, title, status: status.join(' ').replace(/^Status:\s*/, '') };
    });
}

const sentences = (text) => text.split(/(?<=\.)\s+(?=[A-Z])/);
const numbersIn = (text) => [...text.matchAll(/\bADRs?\s+((?:\d{3}(?:\s*(?:,|and|–|\/)\s*)?)+)/g)].flatMap((m) => m[1].match(/\d{3}/g));

/** Which later ADRs change each ADR, from both sides' Status paragraphs. */
export function changesOf(decisions) {
  const changedBy = new Map(decisions.map((d) => [d.number, new Set()]));
  for (const d of decisions) {
    for (const sentence of sentences(d.status)) {
      if (/amended by|superseded|replaced by/i.test(sentence)) {
        for (const n of numbersIn(sentence)) if (n > d.number) changedBy.get(d.number)?.add(n);
      }
      if (/\b(amends|replaces|supersedes|refines)\b/i.test(sentence)) {
        for (const n of numbersIn(sentence)) if (n < d.number) changedBy.get(n)?.add(d.number);
      }
    }
  }
  return changedBy;
}

/** The index table, one row per ADR. */
export function indexTable(decisions = readDecisions()) {
  const changedBy = changesOf(decisions);
  const cell = (text) => text.replace(/\|/g, '\\|');
  return [
    '| ADR | decision | status | amended or superseded by |',
    '| --- | --- | --- | --- |',
    ...decisions.map((d) => {
      const state = d.status.split(/[.(;]/)[0].trim() || '—';
      const later = [...(changedBy.get(d.number) ?? [])].sort().join(', ');
      return `| ${d.number} | [${cell(d.title)}](${d.file}) | ${cell(state)} | ${later} |`;
    }),
  ].join('\n');
}

/** The README with its index between the markers replaced. */
export function withIndex(text, table = indexTable()) {
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${INDEX_FILE} has no ${START} … ${END} markers`);
  return `${text.slice(0, from + START.length)}\n${table}\n${text.slice(to)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(INDEX_FILE, withIndex(readFileSync(INDEX_FILE, 'utf8')));
  console.info(`${INDEX_FILE} written.`);
}

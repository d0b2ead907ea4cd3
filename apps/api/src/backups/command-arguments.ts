// The command line of `npm run backup` and `npm run restore`: file names and on/off flags. A
// mistyped flag is refused with the usage rather than read as a file name.
import { parseArgs } from 'node:util';
import { RefusedError } from '../lib/run-cli';

export interface CommandArguments {
  files: string[];
  flags: Set<string>;
  /** --help was given: the usage was printed and there is nothing else to do. */
  help: boolean;
}

export function commandArguments(usage: string, flags: readonly string[], files: { min: number; max: number }): CommandArguments {
  const options = Object.fromEntries([...flags, 'help'].map((flag) => [flag, { type: 'boolean' as const }]));
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new RefusedError(`${(error as Error).message}\nUsage: ${usage}`);
  }
  if (parsed.values.help) {
    console.info(`Usage: ${usage}`);
    return { files: [], flags: new Set(), help: true };
  }
  if (parsed.positionals.length < files.min || parsed.positionals.length > files.max) throw new RefusedError(`Usage: ${usage}`);
  const given = new Set(Object.entries(parsed.values).flatMap(([flag, on]) => (on === true ? [flag] : [])));
  return { files: parsed.positionals, flags: given, help: false };
}

// Password hashing (architecture.md §2: argon2id). Parameters are OWASP's first argon2id
// configuration (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html):
// 19 MiB of memory, 2 passes, 1 lane; about 60 ms per hash on our 2-core machines. They live in
// each stored PHC string ($argon2id$v=19$m=19456,t=2,p=1$…), so raising them later only affects
// new hashes; `verifyPassword` reads old ones as they are.
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package's enum is `const`, which isolatedModules cannot read. */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** False for an account that never set a password (a social login's placeholder, ADR 055). */
export function hasPassword(storedHash: string): boolean {
  return storedHash.startsWith('$argon2');
}

/**
 * Whether `password` matches `storedHash`. Without a usable hash (no such user, or a placeholder
 * that is not an argon2 hash) a dummy hash is verified instead, so the answer takes as long as for
 * a real account and its timing does not tell which emails are registered.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash !== undefined && hasPassword(storedHash)) {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
  dummyHash ??= hashPassword('kifu-dummy-password-for-timing');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}

/** True when `storedHash` was made with other parameters than today's, so a login should re-hash. */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== ARGON2_OPTIONS.algorithm ||
      used.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      used.timeCost !== ARGON2_OPTIONS.timeCost ||
      used.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

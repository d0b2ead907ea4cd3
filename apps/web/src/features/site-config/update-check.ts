// When the update prompt polls and what it makes of an answer (spec §2 "Update prompt", §7
// GET /api/version, §9 poll every 10000 ms). Pure, so it is unit-tested apart from the component.

export interface UpdateCheckPlace {
  production: boolean;
  hostname: string;
  pathname: string;
}

/** Spec §2 and §6: production only, never on embedded pages (host embed.…) nor in the donation flow. */
export function updateCheckApplies(place: UpdateCheckPlace, isDonationFlow: (pathname: string) => boolean): boolean {
  return place.production && !place.hostname.startsWith('embed.') && !isDonationFlow(place.pathname);
}

/** `content.buildId` of a /api/version answer; undefined for anything else (spec §7: a failure is "no update"). */
export function buildIdOf(answer: unknown): string | undefined {
  const content = (answer as { content?: { buildId?: unknown } } | null)?.content;
  const buildId = content?.buildId;
  return typeof buildId === 'string' && buildId !== '' ? buildId : undefined;
}

export function hasNewerBuild(own: string, answered: string | undefined): boolean {
  return answered !== undefined && answered !== own;
}

/** Asks the server for its build id; undefined when it cannot be read. */
export async function fetchServerBuildId(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await fetchImpl('/api/version', { cache: 'no-store' });
    return response.ok ? buildIdOf(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}

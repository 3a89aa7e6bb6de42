import type { ExploreUser } from './types';

/**
 * The skill dropdown's choices: the distinct skills (case-insensitively) of the loaded users, sorted, plus the
 * selected one so it never disappears from its own list.
 */
export function skillOptions(users: readonly ExploreUser[], selected: string): string[] {
  const byKey = new Map<string, string>();
  for (const skill of users.flatMap((user) => user.skills ?? [])) {
    const trimmed = skill.trim();
    if (trimmed && !byKey.has(trimmed.toLowerCase())) byKey.set(trimmed.toLowerCase(), trimmed);
  }
  if (selected && !byKey.has(selected.toLowerCase())) byKey.set(selected.toLowerCase(), selected);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

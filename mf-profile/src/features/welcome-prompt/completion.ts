import type { ProfileView } from '../users/types';

/** Profile completion (product-spec §9): 25% to start, plus 25% each for bio, skills and githubLink. */
export function profileCompletion(user: Pick<ProfileView, 'bio' | 'skills' | 'githubLink'>): number {
  const parts = [!!user.bio?.trim(), (user.skills?.length ?? 0) > 0, !!user.githubLink?.trim()];
  return 25 + 25 * parts.filter(Boolean).length;
}

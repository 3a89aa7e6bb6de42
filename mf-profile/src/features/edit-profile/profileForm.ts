import type { ProfileEdit } from '@devcircle/contracts';
import type { ProfileView } from '../users/types';

export interface ProfileFormValues {
  displayName: string;
  bio: string;
  skills: string[];
  githubLink: string;
}

export function formValuesOf(user: ProfileView): ProfileFormValues {
  return {
    displayName: user.displayName ?? '',
    bio: user.bio ?? '',
    skills: user.skills ?? [],
    githubLink: user.githubLink ?? '',
  };
}

/** The skills with `input` added: trimmed, only when non-empty and not listed yet (case-insensitive). */
export function withSkill(skills: string[], input: string): string[] {
  const skill = input.trim();
  if (!skill) return skills;
  const key = skill.toLowerCase();
  if (skills.some((existing) => existing.toLowerCase() === key)) return skills;
  return [...skills, skill];
}

/**
 * What is sent: displayName, bio and githubLink trimmed. Unlike §5 ("sent only when non-empty"), the link is
 * always sent (issue 21): an empty field, spaces included, sends '' and the users service removes the link, so a
 * link once set can be taken away again.
 */
export function toProfileEdit(values: ProfileFormValues): ProfileEdit {
  return {
    displayName: values.displayName.trim(),
    bio: values.bio.trim(),
    skills: values.skills,
    githubLink: values.githubLink.trim(),
  };
}

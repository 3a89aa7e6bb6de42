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

/** What is sent (§5): displayName and bio trimmed; githubLink only when non-empty after trimming. */
export function toProfileEdit(values: ProfileFormValues): ProfileEdit {
  const edit: ProfileEdit = {
    displayName: values.displayName.trim(),
    bio: values.bio.trim(),
    skills: values.skills,
  };
  const githubLink = values.githubLink.trim();
  if (githubLink) edit.githubLink = githubLink;
  return edit;
}

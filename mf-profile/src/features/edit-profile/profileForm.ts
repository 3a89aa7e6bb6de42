import type { ProfileEdit, PublicUser } from '../users/types';

/** Field limits (product-spec §9). */
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const SKILL_MAX = 30;

export interface ProfileFormValues {
  displayName: string;
  bio: string;
  skills: string[];
  githubLink: string;
}

export function formValuesOf(user: PublicUser): ProfileFormValues {
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

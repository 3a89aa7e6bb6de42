import type { ReactNode } from 'react';
import { ROUTES, splitRichText } from '@devcircle/contracts';
import { AppLink } from '@devcircle/ui';
import styles from './RichText.module.css';

/**
 * Prose with its `@mentions` linked to the profile and its `#tags` to the tag view (in-app links, so no page
 * load); everything else stays text, which React escapes. `key` tells the pieces of one text node apart.
 */
export function linkify(text: string, key: string | number = 't'): ReactNode[] {
  return splitRichText(text).map((piece, index) => {
    if (piece.kind === 'mention')
      return (
        <AppLink key={`${key}-${index}`} to={ROUTES.profile(piece.username)} className={styles.mention}>
          {piece.text}
        </AppLink>
      );
    if (piece.kind === 'tag')
      return (
        <AppLink key={`${key}-${index}`} to={ROUTES.tag(piece.tag)} className={styles.tag}>
          {piece.text}
        </AppLink>
      );
    return piece.text;
  });
}

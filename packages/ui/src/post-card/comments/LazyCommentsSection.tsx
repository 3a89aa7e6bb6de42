import { useEffect, useState } from 'react';
import type { CommentsSectionProps } from './CommentsSection';
import { CommentsPlaceholder } from './CommentsPlaceholder';

type Section = typeof import('./CommentsSection').CommentsSection;

// The comments are a chunk of their own: the feed's first screen shows every card with its comments closed.
let section: Section | undefined;
let pending: Promise<Section> | undefined;

function load(): Promise<Section> {
  pending ??= import(/* webpackChunkName: "comments" */ './CommentsSection').then(
    (module) => (section = module.CommentsSection),
    (error: unknown) => {
      pending = undefined; // offline for a moment: the next opening tries again
      throw error;
    },
  );
  return pending;
}

/**
 * Starts fetching the comments' code without waiting for it: when a pointer or the focus reaches a comments
 * toggle, and as the detail page (comments open) starts, side by side with its post.
 */
export function preloadComments(): void {
  load().catch(() => undefined);
}

/** The comments section, drawn as soon as its code is there; until then a placeholder of its shape. */
export function LazyCommentsSection(props: CommentsSectionProps) {
  const [Loaded, setLoaded] = useState<Section | undefined>(() => section);
  useEffect(() => {
    if (Loaded) return;
    let active = true;
    load().then(
      (loaded) => active && setLoaded(() => loaded),
      (error: unknown) => console.error('Failed to load the comments', error),
    );
    return () => {
      active = false;
    };
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : <CommentsPlaceholder count={props.post.commentsCount} />;
}

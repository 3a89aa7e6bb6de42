import { useEffect, useId, useState } from 'react';
import { ROUTES, type TrendingTag, type TrendingTagsAnswer } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { AppLink } from '@devcircle/ui';
import styles from './TrendingTags.module.css';

/**
 * The most used tags of the last 24 hours (issue 19; `GET /api/tags/trending`, counted over public authors' posts
 * and cached a minute by the posts service), each a link to its tag view. Nothing shows until they arrive, nor
 * when there are none or the call fails: it is a shortcut, not the screen's content.
 */
export function TrendingTags() {
  const { api } = useSdk();
  const headingId = useId();
  const [tags, setTags] = useState<TrendingTag[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<TrendingTagsAnswer>('/api/tags/trending', { signal: controller.signal })
      .then((answer) => setTags(answer.tags))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api]);

  if (tags.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Trending tags
      </h2>
      <ul className={styles.list}>
        {tags.map(({ tag, posts }) => (
          <li key={tag}>
            <AppLink
              to={ROUTES.tag(tag)}
              className={styles.tag}
              aria-label={`#${tag}, ${posts} ${posts === 1 ? 'post' : 'posts'} today`}
            >
              #{tag}
              <span className={styles.count} aria-hidden="true">
                {posts}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useId } from 'react';
import { MessageCircle } from 'lucide-react';
import type { CodeLanguage } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { Avatar, Card, formatDate } from '@devcircle/ui';
import { CodeBlock, RichText } from '@devcircle/ui/post-card';
import styles from './PostPreview.module.css';

interface PostPreviewProps {
  content: string;
  snippet: string;
  language: CodeLanguage | '';
}

/** The post as it will look on the feed, drawn as it is typed. */
export function PostPreview({ content, snippet, language }: PostPreviewProps) {
  const { user } = useAuth();
  const name = user?.displayName || user?.username || 'You';
  const text = content.trim();
  const code = snippet.trim();
  const headingId = useId();

  return (
    <section className={styles.preview} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Preview
      </h2>
      <Card as="article" aria-label="Post preview">
        <header className={styles.author}>
          <Avatar name={name} colorKey={user?.id} size="lg" />
          <div>
            <p className={styles.name}>{name}</p>
            <p className={styles.meta}>posted on {formatDate(new Date())}</p>
          </div>
        </header>
        {text ? (
          <RichText text={text} className={styles.text} />
        ) : (
          <p className={styles.placeholder}>Your post will appear here.</p>
        )}
        {code && <CodeBlock code={code} language={language || undefined} />}
        <footer className={styles.footer}>
          <MessageCircle size={16} aria-hidden="true" />0 Comments
        </footer>
      </Card>
    </section>
  );
}

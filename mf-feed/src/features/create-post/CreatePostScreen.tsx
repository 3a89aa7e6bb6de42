import { useRef, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { CODE_SNIPPET_MAX, isCodeLanguage, POST_CONTENT_MAX } from '@devcircle/contracts';
import { Alert, Button, cardClassName, cx, Page, SelectField, TextArea } from '@devcircle/ui';
import { useMentionSuggestions } from '@devcircle/ui/post-card';
import { CancelPostButton } from './CancelPostButton';
import { LANGUAGE_OPTIONS } from './codeTemplates';
import { contentLengthHint } from './limits';
import { PostPreview } from './PostPreview';
import { useCreatePost } from './useCreatePost';
import styles from './CreatePostScreen.module.css';

/** /create-post: write a post with an optional code snippet, see it as it will look, publish it. */
export function CreatePostScreen() {
  const form = useCreatePost();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // `@name` offers members as it is typed (issue 19).
  const mentions = useMentionSuggestions({
    value: form.content,
    onChange: form.setContent,
    textareaRef: contentRef,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.publish();
  };

  return (
    <Page className={styles.page}>
      <h1 className={styles.title}>Create Post</h1>
      <form
        className={cx(cardClassName({ stack: false }), styles.form)}
        onSubmit={submit}
        aria-label="Create post"
        noValidate
      >
        <TextArea
          label="What do you want to share?"
          placeholder="Share an idea, a question, something you learned..."
          value={form.content}
          onChange={(event) => form.setContent(event.target.value)}
          maxLength={POST_CONTENT_MAX}
          showCounter
          hint={contentLengthHint(form.content.length)}
          rows={6}
          ref={contentRef}
          {...mentions.inputProps}
        />
        {mentions.listbox}
        <SelectField
          label="Language"
          value={form.language}
          onChange={(event) =>
            form.chooseLanguage(isCodeLanguage(event.target.value) ? event.target.value : '')
          }
        >
          <option value="">No code</option>
          {LANGUAGE_OPTIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextArea
          label="Code snippet (optional)"
          value={form.snippet}
          onChange={(event) => form.setSnippet(event.target.value)}
          maxLength={CODE_SNIPPET_MAX}
          showCounter
          rows={8}
          spellCheck={false}
          className={styles.code}
        />
        {form.error && <Alert tone="danger">{form.error}</Alert>}
        <div className={styles.actions}>
          {form.hasContent && <CancelPostButton onDiscard={form.clear} disabled={form.publishing} />}
          <Button
            type="submit"
            busy={form.publishing}
            // Disabled only while the text is empty (§4): whitespace-only text may be published, so that it
            // answers with 'Post content is required' (§5, §8) instead of a button that silently stays off.
            disabled={form.content === ''}
            icon={<Send size={16} aria-hidden="true" />}
          >
            {form.publishing ? 'Publishing...' : 'Publish'}
          </Button>
        </div>
      </form>
      <PostPreview content={form.content} snippet={form.snippet} language={form.language} />
    </Page>
  );
}

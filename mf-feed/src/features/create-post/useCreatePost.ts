import { useState } from 'react';
import { ROUTES, type CodeLanguage, type NewPost } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { usePostsApi } from '@devcircle/ui/post-card';
import { codeTemplate } from './codeTemplates';

/** The create-post form: text, language and snippet, and publishing them (§4 Create post, §5, §8). */
export function useCreatePost() {
  const sdk = useSdk();
  const api = usePostsApi();
  const [content, setContentValue] = useState('');
  const [language, setLanguage] = useState<CodeLanguage | ''>('');
  const [snippet, setSnippet] = useState('');
  const [publishing, setPublishing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const setContent = (value: string) => {
    setContentValue(value);
    // The error is about what was sent; editing the text clears it (§5).
    setError(null);
  };

  /** Choosing a language loads its starter comment into the code box; clearing the choice empties it. */
  const chooseLanguage = (value: CodeLanguage | '') => {
    setLanguage(value);
    setSnippet(value ? codeTemplate(value) : '');
  };

  const clear = () => {
    setContentValue('');
    setLanguage('');
    setSnippet('');
    setError(null);
  };

  const publish = async () => {
    const text = content.trim();
    if (!text) {
      setError('Post content is required');
      return;
    }
    const code = snippet.trim();
    const post: NewPost = code
      ? { content: text, codeSnippet: code, ...(language && { codeLanguage: language }) }
      : { content: text };
    setPublishing(true);
    setError(null);
    try {
      await api.createPost(post);
      // Still 'Publishing...' while the shell moves to the feed, so it cannot be sent twice.
      sdk.navigation.navigate(ROUTES.feed);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Failed to create post');
      setPublishing(false);
    }
  };

  // "Typing non-empty content reveals Cancel" (§4): spaces are something typed, so they count here; only
  // publishing treats whitespace-only text as empty (the 'Post content is required' error, §5/§8).
  const hasContent = content !== '' || snippet !== '';
  return {
    content,
    language,
    snippet,
    publishing,
    error,
    hasContent,
    setContent,
    chooseLanguage,
    setSnippet,
    clear,
    publish,
  };
}

import { useRef, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { SEARCH_MAX } from '@devcircle/contracts';
import { Button, IconButton, TextField } from '@devcircle/ui';
import styles from './SearchBar.module.css';

export interface SearchBarProps {
  term: string;
  onTermChange(term: string): void;
  /** Empties the box (the search follows at once). */
  onClear(): void;
  /** Searches for the box's text now, without waiting for the debounce. */
  onSearch(): void;
}

/** The search box with its clear button (while there is text) and the Search button. */
export function SearchBar({ term, onTermChange, onClear, onSearch }: SearchBarProps) {
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  const clear = () => {
    onClear();
    input.current?.focus();
  };
  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <TextField
        ref={input}
        type="search"
        label="Search developers"
        placeholder="Search developers..."
        value={term}
        onChange={(event) => onTermChange(event.target.value)}
        maxLength={SEARCH_MAX}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        fieldClassName={styles.field}
        className={styles.input}
        trailing={
          term ? (
            <IconButton label="Clear search" className={styles.clear} onClick={clear}>
              <X size={18} aria-hidden="true" />
            </IconButton>
          ) : undefined
        }
      />
      <Button type="submit" className={styles.submit} icon={<Search size={16} aria-hidden="true" />}>
        Search
      </Button>
    </form>
  );
}

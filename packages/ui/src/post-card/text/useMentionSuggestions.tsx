import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { UserRef } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { Avatar } from '@devcircle/ui';
import styles from './MentionSuggestions.module.css';

/** How many members the list offers. */
export const SUGGESTIONS_MAX = 6;

/**
 * The `@name` being typed: the caret right after `@` and up to 30 username characters, the `@` not after a word
 * (so `me@example.com` suggests nobody), as the posts service reads a mention (contracts/rich-text.ts).
 */
const TYPING_MENTION = /(?<![\p{L}\p{N}_@/.-])@([A-Za-z0-9_.-]{1,30})$/u;

interface Typing {
  /** Where the `@` is. */
  start: number;
  query: string;
}

function typingAt(value: string, caret: number): Typing | null {
  const match = TYPING_MENTION.exec(value.slice(0, caret));
  return match ? { start: caret - match[0].length, query: match[1] } : null;
}

export interface MentionSuggestionsOptions {
  value: string;
  onChange(value: string): void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /**
   * `textbox` keeps the textarea a textbox (the comment box, found as one): the list is still announced through
   * `aria-autocomplete`, `aria-controls` and `aria-activedescendant`, without `aria-expanded`, which only a
   * combobox may carry. The default is the ARIA 1.2 combobox of the composer.
   */
  role?: 'combobox' | 'textbox';
}

/**
 * Suggests members while `@name` is typed in a textarea (issue 19): the users search (`GET /api/users?search=`)
 * in an ARIA 1.2 combobox: the textarea is the combobox, the list a listbox; arrows move the active option
 * (`aria-activedescendant`, focus stays in the text), Enter or Tab picks it, Escape closes the list.
 */
export function useMentionSuggestions({
  value,
  onChange,
  textareaRef,
  role = 'combobox',
}: MentionSuggestionsOptions) {
  const { api } = useSdk();
  const listId = useId();
  const [typing, setTyping] = useState<Typing | null>(null);
  const [members, setMembers] = useState<UserRef[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const lastValue = useRef(value);

  const readCaret = () => {
    const area = textareaRef.current;
    if (!area) return;
    setTyping(typingAt(area.value, area.selectionStart ?? area.value.length));
  };

  // Every change of the text: where the caret is now decides what is being typed.
  useEffect(() => {
    if (lastValue.current === value) return;
    lastValue.current = value;
    readCaret();
  }, [value]);

  const query = typing && typing.query !== dismissed ? typing.query : null;
  useEffect(() => {
    if (!query) {
      setMembers([]);
      return;
    }
    const controller = new AbortController();
    api
      .get<UserRef[]>(`/api/users?search=${encodeURIComponent(query)}`, { signal: controller.signal })
      .then((found) => {
        setMembers(found.slice(0, SUGGESTIONS_MAX));
        setActive(0);
      })
      // A failed or aborted lookup only means no suggestions.
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, query]);

  const open = query !== null && members.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const pick = (member: UserRef) => {
    if (!typing) return;
    const area = textareaRef.current;
    const end = typing.start + 1 + typing.query.length;
    const inserted = `@${member.username} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(end);
    setTyping(null);
    setMembers([]);
    onChange(next);
    // The caret after the name, once React has put the new text in.
    requestAnimationFrame(() => {
      if (!area) return;
      area.focus();
      area.setSelectionRange(typing.start + inserted.length, typing.start + inserted.length);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + members.length) % members.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(members[active]);
    } else if (event.key === 'Escape') {
      // Closes the list only: the same `@name` is not offered again until it changes.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(typing?.query ?? null);
    }
  };

  const inputProps = {
    ...(role === 'combobox' ? { role, 'aria-expanded': open } : {}),
    'aria-autocomplete': 'list' as const,
    'aria-controls': listId,
    'aria-activedescendant': open ? optionId(active) : undefined,
    onKeyDown,
    onKeyUp: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (
        event.key === 'ArrowLeft' ||
        event.key === 'ArrowRight' ||
        event.key === 'Home' ||
        event.key === 'End'
      )
        readCaret();
    },
    onClick: readCaret,
  };

  const listbox: ReactNode = (
    <ul id={listId} role="listbox" aria-label="Members to mention" className={styles.list} hidden={!open}>
      {open &&
        members.map((member, index) => (
          <li
            key={member._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            // Keeps the focus in the textarea (a click would blur it first).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(member)}
          >
            <Avatar name={member.displayName || member.username} colorKey={member._id} size="sm" />
            <span className={styles.name}>{member.displayName || member.username}</span>
            <span className={styles.username}>@{member.username}</span>
          </li>
        ))}
    </ul>
  );

  return { inputProps, listbox, open };
}

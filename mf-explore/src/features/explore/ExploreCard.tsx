import { useId, useState, type MouseEvent } from 'react';
import { CalendarDays, ChevronDown, Lock } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import {
  AppLink,
  Avatar,
  Card,
  IconButton,
  SkillChips,
  buttonClassName,
  cx,
  formatJoinedDate,
} from '@devcircle/ui';
import { CARD_SKILL_LIMIT } from './constants';
import type { ExploreUser } from './types';
import styles from './ExploreCard.module.css';

export interface ExploreCardProps {
  user: ExploreUser;
  /** Phones: a tap on the card (or its chevron button) shows the whole bio and every skill. */
  expandable?: boolean;
}

/** One developer in the results: who they are, a bit about them, and the way to their profile. */
export function ExploreCard({ user, expandable = false }: ExploreCardProps) {
  const [expanded, setExpanded] = useState(false);
  const nameId = useId();
  const detailsId = useId();
  const name = user.displayName || user.username;
  const skills = user.skills ?? [];
  const canExpand = expandable && (Boolean(user.bio) || skills.length > CARD_SKILL_LIMIT);
  const open = canExpand && expanded;
  const joined = formatJoinedDate(user.createdAt);

  // A tap anywhere on the card toggles it, except on its own links and buttons.
  const tapCard = (event: MouseEvent<HTMLElement>) => {
    if (!canExpand || (event.target as Element).closest('a, button')) return;
    setExpanded((value) => !value);
  };

  return (
    <Card
      as="article"
      className={cx(styles.card, canExpand && styles.expandable)}
      aria-labelledby={nameId}
      onClick={tapCard}
    >
      <header className={styles.header}>
        <Avatar name={name} colorKey={user._id} size="lg" />
        <div className={styles.identity}>
          <h2 id={nameId} className={styles.name}>
            {name}
          </h2>
          <p className={styles.handle}>@{user.username}</p>
          {user.isPrivate && (
            <p className={styles.private}>
              <Lock size={12} aria-hidden="true" />
              Private profile
            </p>
          )}
        </div>
        {canExpand && (
          <IconButton
            label={`More about ${name}`}
            aria-expanded={open}
            aria-controls={detailsId}
            className={cx(styles.toggle, open && styles.toggleOpen)}
            onClick={() => setExpanded((value) => !value)}
          >
            <ChevronDown size={20} aria-hidden="true" />
          </IconButton>
        )}
      </header>

      <div id={detailsId} className={styles.details}>
        {user.bio && <p className={cx(styles.bio, !open && styles.clamped)}>{user.bio}</p>}
        <SkillChips skills={skills} max={open ? undefined : CARD_SKILL_LIMIT} label="Skills" size="sm" />
      </div>

      <footer className={styles.footer}>
        {joined && (
          <p className={styles.joined}>
            <CalendarDays size={14} aria-hidden="true" />
            Joined {joined}
          </p>
        )}
        <AppLink
          to={ROUTES.profile(user.username)}
          className={cx(buttonClassName({ variant: 'secondary', size: 'sm' }), styles.view)}
        >
          View Profile
        </AppLink>
      </footer>
    </Card>
  );
}

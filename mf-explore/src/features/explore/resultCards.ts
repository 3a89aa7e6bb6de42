import { useCallback, useEffect, useState } from 'react';
import type { ExploreCard } from './ExploreCard';

/** The result card: its code is a chunk of its own, since the screen lists nobody until a search or a skill is set. */
export type ResultCard = typeof ExploreCard;

let loaded: ResultCard | null = null;
let loading: Promise<ResultCard> | null = null;

function loadResultCard(): Promise<ResultCard> {
  loading ??= import(/* webpackChunkName: "explore-card" */ './ExploreCard').then(
    (module) => (loaded = module.ExploreCard),
    (error: unknown) => {
      // A failed load (the network, a moment) is tried again on the next search or Try again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface ResultCardState {
  /** The card, once its code is here. */
  Card: ResultCard | null;
  failed: boolean;
  retry(): void;
}

/**
 * The result card's code, fetched as soon as `wanted` (a filter is being typed or chosen): by the time the 500 ms
 * debounce and the search have run, it is there, so results never wait for it.
 */
export function useResultCard(wanted: boolean): ResultCardState {
  const [Card, setCard] = useState<ResultCard | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wanted || Card) return;
    let current = true;
    loadResultCard().then(
      (card) => {
        if (current) setCard(() => card);
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Failed to load the result cards', error);
        setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, Card, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);

  return { Card, failed, retry };
}

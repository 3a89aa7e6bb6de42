/** `mention`: someone wrote `@you` in a post or a comment you may see (issue 19; `post` is that post). */
export type NotificationType = 'like' | 'comment' | 'follow' | 'mention' | 'other';

/** One notification as the list and the socket carry it (product-spec §3 Notification). */
export interface Notification {
  _id: string;
  type: NotificationType;
  /** Null once the sender's account is gone. */
  fromUser: { _id: string; username: string; displayName: string } | null;
  /** The post it is about (likes, comments); null for follows. §3 allows an id or an object with _id. */
  post: string | { _id: string } | null;
  read: boolean;
  createdAt: string;
}

import { ROUTES, type AccountMailRequest, type EmailKind } from '@devcircle/contracts';
import type { NotificationDoc } from '../notifications/notification';

/** How many of the arrivals a digest lists one by one; the rest are counted. */
export const LISTED_IN_DIGEST = 10;

/** What a digest is made of: its notifications newest first (at most LISTED_IN_DIGEST) and how many arrived. */
export interface DigestContent {
  kind: EmailKind;
  recipientName: string;
  newest: NotificationDoc[];
  total: number;
  publicUrl: string;
  unsubscribeUrl: string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const nameOf = (doc: NotificationDoc): string => doc.fromUser.displayName || doc.fromUser.username;

/** "alice", "alice and bob", "alice and 2 others": the newest actor first, people counted once. */
function whoDid(newest: NotificationDoc[], total: number, oneActorPerItem: boolean): string {
  const names = [...new Set(newest.map(nameOf))];
  const others = oneActorPerItem ? total - 1 : names.length - 1;
  if (others <= 0) return names[0] ?? 'Someone';
  if (others === 1 && names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names[0]} and ${others} other${others === 1 ? '' : 's'}`;
}

/** The subject and the lines of a digest: one line per arrival, each with its link. */
function summaryOf(content: DigestContent): {
  subject: string;
  intro: string;
  lines: { text: string; url: string }[];
} {
  const { newest, total, publicUrl, kind } = content;
  if (kind === 'followers') {
    const who = whoDid(newest, total, true);
    return {
      subject: `${who} followed you on DevCircle`,
      intro: total === 1 ? `${who} started following you.` : `${total} people started following you.`,
      lines: newest.map((doc) => ({
        text: `${nameOf(doc)} (@${doc.fromUser.username})`,
        url: `${publicUrl}${ROUTES.profile(doc.fromUser.username)}`,
      })),
    };
  }
  const who = whoDid(newest, total, false);
  return {
    subject: total === 1 ? `${who} commented on your post` : `${total} new comments on your posts`,
    intro: total === 1 ? `${who} commented on your post.` : `${who} left ${total} comments on your posts.`,
    lines: newest.map((doc) => ({
      text: `${nameOf(doc)} commented on your post`,
      url: `${publicUrl}${doc.postId ? ROUTES.post(doc.postId.toHexString()) : ROUTES.notifications}`,
    })),
  };
}

const WHY: Record<EmailKind, string> = {
  followers: 'You get this e-mail because "New followers" is on in your DevCircle settings.',
  comments: 'You get this e-mail because "Comments" is on in your DevCircle settings.',
};

/** The digest as auth mails it: plain text and simple HTML, the unsubscribe link in both and in the headers. */
export function digestMail(content: DigestContent): AccountMailRequest {
  const { subject, intro, lines } = summaryOf(content);
  const more = content.total - lines.length;
  const settingsUrl = `${content.publicUrl}${ROUTES.settings}`;
  const text = [
    `Hi ${content.recipientName},`,
    '',
    intro,
    '',
    ...lines.map((line) => `- ${line.text}: ${line.url}`),
    ...(more > 0 ? [`- and ${more} more: ${content.publicUrl}${ROUTES.notifications}`] : []),
    '',
    WHY[content.kind],
    `Change it in Settings: ${settingsUrl}`,
    `Unsubscribe with one click: ${content.unsubscribeUrl}`,
    '',
    '— DevCircle',
  ].join('\n');
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hi ${escapeHtml(content.recipientName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...lines.map((line) => `<li>${link(line.url, line.text)}</li>`),
    ...(more > 0
      ? [`<li>${link(`${content.publicUrl}${ROUTES.notifications}`, `and ${more} more`)}</li>`]
      : []),
    '</ul>',
    `<p style="color: #555; font-size: 0.9em">${escapeHtml(WHY[content.kind])} ${link(settingsUrl, 'Change it in Settings')} or ${link(content.unsubscribeUrl, 'unsubscribe with one click')}.</p>`,
    '<p>— DevCircle</p>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html, unsubscribeUrl: content.unsubscribeUrl };
}

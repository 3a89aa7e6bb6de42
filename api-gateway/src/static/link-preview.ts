import fs from 'node:fs/promises';
import path from 'node:path';
import { postPreviewPath, type PostPreview } from '@devcircle/contracts';
import { internalHeaders, probe, type ProbeTls } from '@devcircle/service-kit';
import type { Context } from 'koa';
import type { UpstreamPool } from '../upstreams';

/**
 * Link previews (docs/gateway.md "Link previews"): when a chat app's unfurler or a social crawler asks for
 * `/post/<id>`, the shell's page carries OpenGraph and Twitter-card tags for a public author's post. The page is
 * otherwise the same shell (a signed-out person is still sent to /login by the client's routing).
 *
 * Only for unfurlers, told by their User-Agent: a person's page load then never waits on the posts service and
 * keeps the precompressed, validated index.html; the unfurlers all name themselves (iMessage's and Signal's
 * fetchers borrow facebookexternalhit / Twitterbot).
 */
const UNFURLERS =
  /slackbot|slack-imgproxy|twitterbot|facebookexternalhit|facebot|discordbot|telegrambot|whatsapp|linkedinbot|mastodon|pleroma|misskey|skypeuripreview|microsoftpreview|teams|embedly|iframely|redditbot|pinterest|bluesky|cardyb|vkshare|mattermost|rocket\.chat|zulip|googlebot|bingbot|applebot|duckduckbot|yandex|opengraph|unfurl|preview/i;

export function isUnfurler(userAgent: string | undefined): boolean {
  return typeof userAgent === 'string' && UNFURLERS.test(userAgent);
}

/** The post a page path names (`/post/<24 hex>`), else null: anything else gets the plain shell. */
export function postIdOfPath(urlPath: string): string | null {
  const match = /^\/post\/([0-9a-f]{24})\/?$/i.exec(urlPath);
  return match ? match[1].toLowerCase() : null;
}

const SITE_NAME = 'DevCircle';
/** The description's length, as the unfurlers show about this much (Slack ~300, X ~200). */
const EXCERPT_CHARS = 200;
/** How long a page load may wait for the posts service before it gets the plain shell. */
export const PREVIEW_TIMEOUT_MS = 800;
/** Answers (a preview or "none") are reused this long: a link pasted in a busy channel is fetched by many. */
export const PREVIEW_TTL_MS = 60_000;
const MAX_CACHED = 1000;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside a double-quoted attribute (and anywhere else in HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/**
 * The text a reader sees of a post's CommonMark (issue 19): code fences, heading, quote and list markers, bold and
 * code marks dropped, a link as its text. Light on purpose: a single `*` or `_` stays (snake_case is common here).
 */
export function plainText(content: string): string {
  return content
    .replace(/^ {0,3}(```|~~~).*$/gm, '')
    .replace(/^ {0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '');
}

/** The start of the post's text on one line, cut at a word near `EXCERPT_CHARS` with an ellipsis. */
export function excerptOf(content: string): string {
  const flat = plainText(content).replace(/\s+/g, ' ').trim();
  const chars = [...flat]; // by code point: never half of an emoji
  if (chars.length <= EXCERPT_CHARS) return flat;
  const cut = chars.slice(0, EXCERPT_CHARS).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The tags for one post, every value escaped. `pageUrl` is the absolute URL the unfurler asked for. */
export function previewTags(preview: PostPreview, pageUrl: string): string {
  const name = preview.author.displayName || preview.author.username;
  const title = `${name} (@${preview.author.username}) on ${SITE_NAME}`;
  const excerpt = excerptOf(preview.content);
  const description = preview.codeLanguage ? `${excerpt} [${preview.codeLanguage}]`.trim() : excerpt;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'article:author', name],
    ['property', 'article:published_time', preview.createdAt],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  if (preview.codeLanguage) {
    tags.push(['property', 'article:tag', preview.codeLanguage]);
    // Slack and X show these label/value pairs under the card.
    tags.push(['name', 'twitter:label1', 'Language'], ['name', 'twitter:data1', preview.codeLanguage]);
  }
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
    .join('\n');
}

/** The shell's page with the tags at the end of its head (and nothing else changed). */
export function withTags(html: string, tags: string): string {
  const end = html.search(/<\/head>/i);
  return end === -1 ? html : `${html.slice(0, end)}${tags}\n${html.slice(end)}`;
}

function isPreview(body: unknown): body is PostPreview {
  const value = body as Partial<PostPreview> | undefined;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof value.content === 'string' &&
    typeof value.createdAt === 'string' &&
    typeof value.author?.username === 'string' &&
    typeof value.author.displayName === 'string'
  );
}

export interface LinkPreviewOptions {
  posts: UpstreamPool;
  internalSecret: string;
  tls?: ProbeTls;
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * The posts service's previews, each asked once per `ttlMs` (a missing or private post's "none" too; an
 * unanswered call is not kept, so the next unfurler asks again).
 */
export class LinkPreviews {
  private readonly cache = new Map<string, { preview: PostPreview | null; until: number }>();
  private readonly asking = new Map<string, Promise<PostPreview | null | undefined>>();

  constructor(private readonly options: LinkPreviewOptions) {}

  /** The preview of a post; null when there is none to show; undefined when the posts service did not answer. */
  async previewOf(postId: string): Promise<PostPreview | null | undefined> {
    const now = (this.options.now ?? Date.now)();
    const cached = this.cache.get(postId);
    if (cached && cached.until > now) return cached.preview;
    let pending = this.asking.get(postId);
    if (!pending) {
      pending = this.ask(postId).finally(() => this.asking.delete(postId));
      this.asking.set(postId, pending);
    }
    const preview = await pending;
    if (preview !== undefined) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(postId, { preview, until: now + (this.options.ttlMs ?? PREVIEW_TTL_MS) });
    }
    return preview;
  }

  private async ask(postId: string): Promise<PostPreview | null | undefined> {
    const instance = this.options.posts.pick();
    if (!instance) return undefined;
    const result = await probe(
      instance.url,
      postPreviewPath(postId),
      this.options.timeoutMs ?? PREVIEW_TIMEOUT_MS,
      internalHeaders(this.options.internalSecret),
      this.options.tls,
    );
    if (result.status === 200 && isPreview(result.body)) return result.body;
    if (result.status === 404) return null;
    return undefined;
  }

  /**
   * Answers an unfurler's request for a post page with the shell's page and the post's tags; false (nothing sent)
   * for anyone else, another path, or a post without a preview, so the caller sends the plain shell.
   */
  async serve(ctx: Context, shellRoot: string): Promise<boolean> {
    const postId = postIdOfPath(ctx.path);
    if (!postId || !isUnfurler(ctx.get('user-agent'))) return false;
    const preview = await this.previewOf(postId);
    if (!preview) return false;
    let html: string;
    try {
      html = await fs.readFile(path.join(shellRoot, 'index.html'), 'utf8');
    } catch {
      return false;
    }
    ctx.status = 200;
    ctx.type = 'html';
    // Brief: a deleted post or a privacy switch shows within a minute; and never the plain shell's validators.
    ctx.set('Cache-Control', `public, max-age=${Math.round((this.options.ttlMs ?? PREVIEW_TTL_MS) / 1000)}`);
    ctx.vary('User-Agent');
    ctx.body = withTags(html, previewTags(preview, `${ctx.protocol}://${ctx.host}${ctx.path}`));
    return true;
  }
}

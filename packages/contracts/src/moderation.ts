/**
 * Reports and moderation (issue 20, docs/moderation.md): what a member sends to report a post, a comment or a
 * profile, and what the moderators' API answers. The notifications service keeps the reports; the moderators are
 * named by its `MODERATORS` setting.
 */

export const REPORT_REASONS = ['spam', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How each reason reads in the report dialog and on the moderation screen. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  other: 'Something else',
};

export type ReportTargetKind = 'post' | 'comment' | 'profile';

/** What a report names: a post by its id, a comment by its post's id and its own, a profile by its username. */
export type ReportTargetRequest =
  | { kind: 'post'; postId: string }
  | { kind: 'comment'; postId: string; commentId: string }
  | { kind: 'profile'; username: string };

/** `POST /api/reports`. `details` is required when the reason is `other` (at most REPORT_DETAILS_MAX characters). */
export interface ReportRequest {
  target: ReportTargetRequest;
  reason: ReportReason;
  details?: string;
}

export const REPORT_THANKS = 'Thanks — a moderator will review it.';

/** What was reported, as it was when the report was made (an edit later does not change what was reported). */
export interface ReportedContent {
  /** The post's or comment's text, or the profile's bio. */
  text: string;
  /** A post's code snippet, when it had one. */
  codeSnippet?: string;
  /** A profile's display name. */
  displayName?: string;
}

/** One report on the moderation screen. */
export interface ModerationReport {
  _id: string;
  target: {
    kind: ReportTargetKind;
    /** The post's, comment's or member's id. */
    id: string;
    /** The post a comment is on. */
    postId?: string;
  };
  /** Whose content it is (the member an action's suspension would suspend). */
  owner: { _id: string; username: string; displayName: string };
  reporter: { _id: string; username: string };
  reason: ReportReason;
  details: string | null;
  content: ReportedContent;
  createdAt: string;
}

/** `GET /api/moderation/reports?before=<id>&limit=`: open reports, newest first. */
export interface ModerationReportsPage {
  reports: ModerationReport[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** One bug report (`POST /api/report-bug`) on the moderation screen's second tab. */
export interface ModerationBugReport {
  _id: string;
  bug: string;
  userAgent: string | null;
  /** Null for a visitor's report or once the reporter's account is gone. */
  reporter: { _id: string; username: string } | null;
  createdAt: string;
}

export interface ModerationBugReportsPage {
  bugReports: ModerationBugReport[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** What a moderator may do with a report; one decision closes every open report of the same content. */
export const MODERATION_ACTIONS = ['remove', 'dismiss', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** `POST /api/moderation/reports/:id/decision` with `{ action }`. */
export interface ModerationDecisionAnswer {
  message: string;
  /** How many open reports the decision closed. */
  closed: number;
}

/** `GET /api/moderation/me`: whether the signed-in member is a moderator (the client shows the screen or not). */
export interface ModeratorStatus {
  moderator: boolean;
}

/** The outcome a reporter is told, by the decision taken. */
export type ReportOutcome = 'removed' | 'suspended' | 'dismissed';

/**
 * The posts service's internal answer for a post or comment a member reports (`GET /internal/reportable/...`,
 * asked by the notifications service with the reporter's identity): whose it is and what it says now.
 */
export interface ReportableContent {
  owner: { _id: string; username: string; displayName: string };
  content: ReportedContent;
}

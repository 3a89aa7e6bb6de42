import type {
  ModerationAction,
  ModerationReport,
  ReportedContent,
  ReportReason,
  ReportTargetKind,
} from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';

export const REPORTS = 'reports';

/** A moderator's decision, kept on each report it closed. */
export interface ReportDecision {
  action: ModerationAction;
  moderatorId: ObjectId;
  moderatorUsername: string;
  at: Date;
}

/** One document of `reports` (docs/moderation.md): one member's report of one post, comment or profile. */
export interface ReportDoc {
  _id: ObjectId;
  reporterId: ObjectId;
  reporterUsername: string;
  target: { kind: ReportTargetKind; id: ObjectId; postId?: ObjectId };
  /** `<kind>:<id>`: one report per reporter and target (unique), and every report of a target closed together. */
  targetKey: string;
  /** Whose content it is, and their names when reported. */
  ownerId: ObjectId;
  owner: { username: string; displayName: string };
  reason: ReportReason;
  details: string | null;
  /** What it said when reported: an edit afterwards does not change what the moderators read. */
  content: ReportedContent;
  status: 'open' | 'closed';
  decision?: ReportDecision;
  createdAt: Date;
}

export const targetKeyOf = (kind: ReportTargetKind, id: ObjectId): string => `${kind}:${id.toHexString()}`;

export function toModerationReport(doc: ReportDoc): ModerationReport {
  return {
    _id: doc._id.toHexString(),
    target: {
      kind: doc.target.kind,
      id: doc.target.id.toHexString(),
      ...(doc.target.postId ? { postId: doc.target.postId.toHexString() } : {}),
    },
    owner: { _id: doc.ownerId.toHexString(), ...doc.owner },
    reporter: { _id: doc.reporterId.toHexString(), username: doc.reporterUsername },
    reason: doc.reason,
    details: doc.details,
    content: doc.content,
    createdAt: doc.createdAt.toISOString(),
  };
}

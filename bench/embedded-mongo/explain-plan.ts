import type { Document } from 'mongodb';

export interface PlanSummary {
  /** Stages from the outermost in, e.g. `LIMIT > FETCH > IXSCAN author_1_createdAt_-1`. */
  stages: string;
  docsExamined: number;
}

/**
 * Reads a find or aggregate explain (executionStats verbosity) into a one-line plan and the documents it examined.
 * An aggregation's later stages (`$group`, …) are listed first, as they run on top of the query.
 */
export function summarizePlan(explain: Document): PlanSummary {
  const stages = Array.isArray(explain.stages) ? (explain.stages as Document[]) : undefined;
  if (stages?.[0]?.$cursor) {
    const cursor = summarizePlan(stages[0].$cursor as Document);
    const later = stages.slice(1).map((stage) => Object.keys(stage)[0]);
    return { stages: [...later.reverse(), cursor.stages].join(' > '), docsExamined: cursor.docsExamined };
  }
  const names: string[] = [];
  let stage = explain.queryPlanner?.winningPlan as Document | undefined;
  for (let depth = 0; stage && depth < 16; depth++) {
    names.push(stage.indexName ? `${stage.stage} ${stage.indexName}` : String(stage.stage));
    stage = stage.inputStage as Document | undefined;
  }
  return {
    stages: names.join(' > '),
    docsExamined: Number(explain.executionStats?.totalDocsExamined ?? Number.NaN),
  };
}

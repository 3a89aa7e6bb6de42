/**
 * Clauses that answer true, false, or undefined when they cannot decide (the caller then asks the full matcher), and
 * the three ways to combine them. Shared by the fast filter on decoded documents (fast-filter.ts) and the filter on
 * stored bytes (engine/stored-filter.ts), whose clauses read different inputs.
 */
export type Decision<T> = (input: T) => boolean | undefined;

/** The opposite, where the clause decides. */
export function not<T>(clause: Decision<T>): Decision<T> {
  return (input) => {
    const result = clause(input);
    return result === undefined ? undefined : !result;
  };
}

/** Every clause: false as soon as one is certainly false, true only when all are certainly true. */
export function all<T>(clauses: readonly Decision<T>[]): Decision<T> {
  if (clauses.length === 1) return clauses[0];
  return (input) => {
    let unknown = false;
    for (const clause of clauses) {
      const result = clause(input);
      if (result === false) return false;
      if (result === undefined) unknown = true;
    }
    return unknown ? undefined : true;
  };
}

/** At least one clause: true as soon as one is certainly true, false only when all are certainly false. */
export function any<T>(clauses: readonly Decision<T>[]): Decision<T> {
  return (input) => {
    let unknown = false;
    for (const clause of clauses) {
      const result = clause(input);
      if (result === true) return true;
      if (result === undefined) unknown = true;
    }
    return unknown ? undefined : false;
  };
}

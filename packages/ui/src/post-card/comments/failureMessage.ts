/** The text for a failed call: the API's message (the server's, else the call's fallback, §8), else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

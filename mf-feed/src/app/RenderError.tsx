/** What stays on screen if the feed screens crash and no shell is there to show its fallback. */
export function RenderError() {
  return <p role="alert">Something went wrong on this screen. Reload the page to try again.</p>;
}

/** jsdom has no matchMedia: makes every `max-width` query match (a phone) until the returned undo is called. */
export function emulatePhone(): () => void {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    delete (window as Partial<Window>).matchMedia;
  };
}

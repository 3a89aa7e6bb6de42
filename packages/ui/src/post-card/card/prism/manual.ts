// Read by prism-core as it loads: `manual` keeps it from highlighting the page behind React's back. Its own module,
// so that it runs before the core (an ES module's imports run in order, each before the importer's own code).
const scope = globalThis as { Prism?: { manual?: boolean } };
scope.Prism ??= { manual: true };

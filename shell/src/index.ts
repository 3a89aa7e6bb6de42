// Asynchronous boundary: the federation runtime must set up the shared scope (React, the router, the SDK)
// before any module that imports them runs, so everything real lives behind this dynamic import.
import('./bootstrap');

// Self-hosted fonts (no font CDN, UI.md): the interface weights of Inter and JetBrains Mono for code.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/jetbrains-mono/400.css';
import '@fontsource/jetbrains-mono/600.css';
// The design tokens and the reset, from the UI kit (a remote's standalone dev page takes the same two).
import '@devcircle/ui/styles/tokens.css';
import '@devcircle/ui/styles/reset.css';

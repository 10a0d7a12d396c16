// Vite's client types: `?raw` imports (a file's text, bundled at build time).
/// <reference types="vite/client" />

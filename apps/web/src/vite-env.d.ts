/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API host when it is not the page's own origin, e.g. https://api.example.com. */
  readonly VITE_API_URL?: string;
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Formloom server's origin, e.g. `https://forms.example.com`. */
  readonly VITE_FORMLOOM_API?: string;
  /** The published form's share code. */
  readonly VITE_FORMLOOM_CODE?: string;
}

// The build-time settings the web app reads (README, Configuration): unset, each has a default.
interface ImportMetaEnv {
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}

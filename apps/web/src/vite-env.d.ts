/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CONTACT_BUSINESS?: string;
  readonly VITE_CONTACT_SUPPORT?: string;
}

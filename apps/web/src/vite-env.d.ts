/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CONTACT_BUSINESS?: string;
  readonly VITE_CONTACT_SUPPORT?: string;
  readonly VITE_WORK_QR_URL?: string;
  readonly VITE_WORK_QR_APPID?: string;
  readonly VITE_WORK_QR_AGENTID?: string;
  readonly VITE_WORK_QR_REDIRECT_URI?: string;
  readonly VITE_WORK_QR_STATE?: string;
  readonly VITE_WORK_QR_LOGIN_TYPE?: string;
  readonly VITE_WORK_QR_STYLE?: string;
  readonly VITE_WORK_QR_HREF?: string;
}

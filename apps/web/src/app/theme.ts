import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#4f46e5';

export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'PingFang TC', 'Hiragino Sans GB', " +
  "'Microsoft YaHei', 'Microsoft JhengHei', 'Noto Sans CJK SC', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme: ThemeConfig = {
  hashed: false,
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorText: '#1e2235',
    colorTextSecondary: '#4b5168',
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
  },
  components: {
    Button: { fontWeight: 500 },
    Card: { borderRadiusLG: 12 },
  },
};

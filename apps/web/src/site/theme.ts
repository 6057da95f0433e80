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
    // antd's default (black at 45 %) is 3.4:1 on white; descriptions (Result, Empty, form help)
    // need 4.5:1 (WCAG AA), which this grey gives with some room (5.9:1).
    colorTextDescription: '#5f6478',
    colorTextTertiary: '#5f6478',
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
  },
  components: {
    Button: { fontWeight: 500 },
    Card: { borderRadiusLG: 12 },
  },
};

/**
 * The product's layout breakpoints, in CSS pixels (max-width queries). `global.css` uses the
 * same numbers: at `wide` or less the chrome tightens, at `laptop` or less the content column is
 * 1100 px instead of 1200 px, at `fullWidth` or less it takes the whole width, and at `mobile` or
 * less the top bar is 50 px high with a menu button instead of the links.
 */
export const BREAKPOINTS = { wide: 1500, laptop: 1366, fullWidth: 769, mobile: 768 } as const;

/** The media query of the mobile layout. */
export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobile}px)`;

/** Content column width and top bar height at a viewport width (the numbers `global.css` applies). */
export function layoutAt(viewportWidth: number): { wrap: number | 'full'; navHeight: number } {
  return {
    wrap: viewportWidth <= BREAKPOINTS.fullWidth ? 'full' : viewportWidth <= BREAKPOINTS.laptop ? 1100 : 1200,
    navHeight: viewportWidth <= BREAKPOINTS.mobile ? 50 : 70,
  };
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppStatus, ReviewStatus, SdkRequest } from '../../api/console.ts';

const APP_STATUS_COLORS: Record<AppStatus, string> = {
  enabled: 'green',
  disabled: 'default',
  suspended: 'red',
};
const REVIEW_COLORS: Record<ReviewStatus, string> = {
  none: 'default',
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};

/** Label keys built at run time (checked by consoleKeys.test.ts). */
export const appStatusKey = (status: AppStatus) => `consoleApps.status.${status}`;
export const reviewKey = (status: ReviewStatus) => `consoleApps.review.${status}`;
export const sdkStatusKey = (status: SdkRequest['status']) => `consoleSdk.status.${status}`;

export function AppStatusTag({ status }: { status: AppStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={APP_STATUS_COLORS[status]} data-testid="app-status">
      {t(appStatusKey(status))}
    </Tag>
  );
}

/** The state of an app's application; nothing when it never applied for anything. */
export function ReviewTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  if (status === 'none') return null;
  return (
    <Tag color={REVIEW_COLORS[status]} data-testid="app-review">
      {t(reviewKey(status))}
    </Tag>
  );
}

export function SdkStatusTag({ status }: { status: SdkRequest['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={REVIEW_COLORS[status]} data-testid="sdk-status">
      {t(sdkStatusKey(status))}
    </Tag>
  );
}

import { Alert, Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDisplayed, isPublic, pickText } from '../../api/menu.ts';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { useMenuData } from '../algorithm/useMenuData.ts';
import styles from '../account/Account.module.css';
import { ConsoleShell } from './parts.tsx';

/**
 * The demo area of the internal network (/demo/mid): the capabilities under internal test (menu
 * Status 1), which the public menus leave out.
 */
export function DemoAreaPage() {
  const { t } = useTranslation();
  const { language, menu } = useMenuData();
  const sections = (menu.data ?? [])
    .map((group) => ({
      group,
      items: group.children.filter((item) => isDisplayed(item) && !isPublic(item)),
    }))
    .filter((section) => section.items.length > 0);

  let content;
  if (menu.isPending) content = <Spin />;
  else if (menu.isError) content = <Alert type="error" showIcon title={t('menu.loadFailed')} />;
  else if (!sections.length) content = <Empty description={t('demoArea.empty')} />;
  else
    content = (
      <div className={styles.stack}>
        {sections.map(({ group, items }) => (
          <Card key={group.id} title={pickText(group.name, language)} className={styles.panel}>
            <ul className={styles.demoList}>
              {items.map((item) => (
                <li key={item.id}>
                  <AlgorithmLink to={item.url}>{pickText(item.name, language)}</AlgorithmLink>
                  <span className={styles.muted}>{pickText(item.comment, language)}</span>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    );

  return (
    <ConsoleShell title={t('demoArea.title')} subtitle={t('demoArea.intro')} testId="demo-area-page">
      {content}
    </ConsoleShell>
  );
}

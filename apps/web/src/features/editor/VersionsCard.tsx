import { Button, Card, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../account/format.ts';
import accountStyles from '../account/Account.module.css';
import { useEditorAction } from './useEditorAction.ts';

interface Version {
  id: number;
  created_at: string;
  actor_email: string;
}

/**
 * Saved versions of a doc page or a content entry, newest first: when, by whom (`seed`: the
 * content folder's version, kept when an editor first saved), `columns` of its own, and a restore.
 */
export function VersionsCard<V extends Version>(props: {
  title: string;
  versions: V[];
  columns?: ColumnsType<V>;
  restore: (version: V) => Promise<unknown>;
  restored: string;
  stale: readonly string[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const { run, busy } = useEditorAction();
  return (
    <Card className={accountStyles.panel} title={props.title}>
      {props.versions.length === 0 ? (
        <Empty description={t('editor.docs.noHistory')} />
      ) : (
        <Table<V>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 560 }}
          dataSource={props.versions}
          data-testid={props.testId}
          columns={[
            {
              title: t('editor.menus.historyColumns.time'),
              dataIndex: 'created_at',
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            ...(props.columns ?? []),
            {
              title: t('editor.menus.historyColumns.who'),
              dataIndex: 'actor_email',
              render: (v: string) => (v === 'seed' ? t('editor.docs.seed') : v),
            },
            {
              title: t('editor.menus.columns.actions'),
              width: 110,
              render: (_v, version) => (
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => void run(() => props.restore(version), props.restored, props.stale)}
                >
                  {t('editor.docs.restore')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

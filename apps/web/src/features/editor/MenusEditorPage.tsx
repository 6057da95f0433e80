import { useState } from 'react';
import { Button, Card, Empty, Form, Input, Modal, Select, Skeleton, Space, Switch, Table } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, UndoOutlined } from '@ant-design/icons';
import type { AuditEntry, I18nText } from '@pixora/catalog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { editorApi } from '../../api/editor.ts';
import { pickText, toMenuItem, type MenuItem } from '../../api/menu.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { formatDateTime } from '../account/format.ts';
import accountStyles from '../account/Account.module.css';
import { ConsoleShell, LoadError } from '../console/parts.tsx';
import styles from './Editor.module.css';
import { EDITOR_LANGUAGES, useEditorAction } from './useEditorAction.ts';

/** What this page's writes make stale: its own data, the menu's changes and the site's menu. */
const STALE = ['admin-menus', 'admin-menus-audit', 'menu'] as const;
const STATUSES = [1, 2, 3, 4, 5] as const;

interface TextsForm {
  name: I18nText;
  comment: I18nText;
}

/** Names and comments of one entry in the three languages. */
function EditModal({ item, onClose }: { item: MenuItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [form] = Form.useForm<TextsForm>();
  const { run, busy } = useEditorAction();
  if (!item) return null;
  const save = async (values: TextsForm) => {
    const ok = await run(
      () => editorApi.changeMenu(item.id, { name_i18n: values.name, comment_i18n: values.comment }),
      t('editor.saved'),
      STALE,
    );
    if (ok) onClose();
  };
  return (
    <Modal
      open
      title={t('editor.menus.editTitle', { name: pickText(item.name, language) })}
      onCancel={onClose}
      okText={t('editor.save')}
      cancelText={t('editor.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<TextsForm>
        form={form}
        layout="vertical"
        initialValues={{ name: item.name, comment: item.comment }}
        onFinish={(values) => void save(values)}
        data-testid="menu-edit-form"
      >
        {EDITOR_LANGUAGES.map((l) => (
          <Form.Item
            key={`name-${l}`}
            name={['name', l]}
            label={t('editor.menus.name', { language: t(`editor.languages.${l}`) })}
            rules={[{ required: l === 'zh', whitespace: true }]}
          >
            <Input maxLength={200} data-testid={`menu-name-${l}`} />
          </Form.Item>
        ))}
        {EDITOR_LANGUAGES.map((l) => (
          <Form.Item
            key={`comment-${l}`}
            name={['comment', l]}
            label={t('editor.menus.comment', { language: t(`editor.languages.${l}`) })}
          >
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The children of one group, in the site's order, each with its visibility, badges and texts. */
function GroupCard({
  group,
  groupIds,
  onEdit,
}: {
  group: MenuItem;
  /** Every top-level group's id in the site's order: this group moves among them (parent 0). */
  groupIds: number[];
  onEdit: (item: MenuItem) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { run, busy } = useEditorAction();
  const ids = group.children.map((c) => c.id);
  const swap = (list: number[], index: number, by: -1 | 1) => {
    const next = [...list];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    return next;
  };
  const move = (index: number, by: -1 | 1) =>
    void run(
      () => editorApi.orderMenu({ parent_id: group.id, ids: swap(ids, index, by) }),
      t('editor.saved'),
      STALE,
    );
  const place = groupIds.indexOf(group.id);
  const moveGroup = (by: -1 | 1) =>
    void run(
      () => editorApi.orderMenu({ parent_id: 0, ids: swap(groupIds, place, by) }),
      t('editor.saved'),
      STALE,
    );
  const groupName = pickText(group.name, language);
  return (
    <Card
      className={accountStyles.panel}
      title={groupName}
      extra={
        <Space size={2}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined aria-hidden />}
            aria-label={t('editor.menus.groupUp', { name: groupName })}
            disabled={busy || place <= 0}
            onClick={() => moveGroup(-1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined aria-hidden />}
            aria-label={t('editor.menus.groupDown', { name: groupName })}
            disabled={busy || place === -1 || place === groupIds.length - 1}
            onClick={() => moveGroup(1)}
          />
          <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(group)}>
            {t('editor.edit')}
          </Button>
        </Space>
      }
    >
      <Table<MenuItem>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={group.children}
        // Entries carry their own `children` (none below a capability): not a tree table.
        expandable={{ childrenColumnName: 'none' }}
        data-testid={`menu-group-${group.id}`}
        columns={[
          {
            title: t('editor.menus.columns.order'),
            width: 100,
            render: (_v, item, index) => {
              const name = pickText(item.name, language);
              return (
                <Space size={2}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined aria-hidden />}
                    aria-label={t('editor.menus.up', { name })}
                    disabled={busy || index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined aria-hidden />}
                    aria-label={t('editor.menus.down', { name })}
                    disabled={busy || index === ids.length - 1}
                    onClick={() => move(index, 1)}
                  />
                </Space>
              );
            },
          },
          {
            title: t('editor.menus.columns.name'),
            render: (_v, item) => (
              <span className={styles.menuName} data-testid={`menu-row-${item.id}`}>
                {pickText(item.name, language)}
                <StatusBadge status={item.status} internalDomain />
              </span>
            ),
          },
          {
            title: t('editor.menus.columns.shown'),
            width: 90,
            render: (_v, item) => (
              <Switch
                size="small"
                checked={item.display !== 1}
                aria-label={t('editor.menus.shownLabel', { name: pickText(item.name, language) })}
                data-testid={`menu-shown-${item.id}`}
                onChange={(shown) =>
                  void run(
                    () => editorApi.changeMenu(item.id, { display: shown ? 0 : 1 }),
                    t('editor.saved'),
                    STALE,
                  )
                }
              />
            ),
          },
          {
            title: t('editor.menus.columns.status'),
            width: 230,
            render: (_v, item) => (
              <Select
                size="small"
                value={item.status}
                style={{ width: 210 }}
                aria-label={t('editor.menus.statusLabel', { name: pickText(item.name, language) })}
                options={STATUSES.map((s) => ({ value: s, label: t(`editor.menus.status.${s}`) }))}
                onChange={(status) =>
                  void run(() => editorApi.changeMenu(item.id, { status }), t('editor.saved'), STALE)
                }
              />
            ),
          },
          {
            title: t('editor.menus.columns.actions'),
            width: 100,
            render: (_v, item) => (
              <Button
                size="small"
                type="link"
                icon={<EditOutlined aria-hidden />}
                onClick={() => onEdit(item)}
                data-testid={`menu-edit-${item.id}`}
              >
                {t('editor.edit')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The menu's audited changes, newest first, each with its undo. */
function History({ names }: { names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const audit = useQuery({ queryKey: ['admin-menus-audit'], queryFn: editorApi.menuAudit });
  const { run, busy } = useEditorAction();
  let body;
  if (audit.isPending) body = <Skeleton active />;
  else if (audit.isError) body = <LoadError error={audit.error} />;
  else if (audit.data.length === 0) body = <Empty description={t('editor.menus.noHistory')} />;
  else
    body = (
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 640 }}
        dataSource={audit.data}
        data-testid="menu-history"
        columns={[
          {
            title: t('editor.menus.historyColumns.time'),
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          { title: t('editor.menus.historyColumns.who'), dataIndex: 'actor_email' },
          {
            title: t('editor.menus.historyColumns.what'),
            dataIndex: 'action',
            render: (v: string) => t(`editor.menus.actions.${v}`, { defaultValue: v }),
          },
          {
            title: t('editor.menus.historyColumns.target'),
            render: (_v, e) => names.get(e.target_id) ?? e.target_id,
          },
          {
            title: t('editor.menus.columns.actions'),
            width: 110,
            render: (_v, e) =>
              e.before ? (
                <Button
                  size="small"
                  icon={<UndoOutlined aria-hidden />}
                  disabled={busy}
                  onClick={() => void run(() => editorApi.undoMenu(e.id), t('editor.menus.undone'), STALE)}
                >
                  {t('editor.menus.undo')}
                </Button>
              ) : null,
          },
        ]}
      />
    );
  return (
    <Card className={accountStyles.panel} title={t('editor.menus.history')}>
      {body}
    </Card>
  );
}

/**
 * The capability menu for admins and editors (/admin/menus): the groups in the site's order with
 * up/down moves, and per group its capabilities in that order with up/down moves, a switch for showing them, their badges (Status) and their
 * names and comments in three languages; then the audited changes with their undo.
 */
export function MenusEditorPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const menus = useQuery({ queryKey: ['admin-menus'], queryFn: editorApi.menus });
  const [editing, setEditing] = useState<MenuItem | null>(null);

  let body;
  if (menus.isPending) body = <Skeleton active />;
  else if (menus.isError) body = <LoadError error={menus.error} />;
  else {
    const groups = menus.data.map(toMenuItem);
    const names = new Map(
      groups
        .flatMap((g) => [g, ...g.children])
        .map((item) => [String(item.id), pickText(item.name, language)]),
    );
    body = (
      <>
        {groups.map((group) => (
          <GroupCard key={group.id} group={group} groupIds={groups.map((g) => g.id)} onEdit={setEditing} />
        ))}
        <History names={names} />
      </>
    );
  }
  return (
    <ConsoleShell title={t('editor.menus.title')} subtitle={t('editor.menus.subtitle')} testId="menus-editor">
      <div className={accountStyles.stack}>{body}</div>
      <EditModal key={editing?.id ?? 0} item={editing} onClose={() => setEditing(null)} />
    </ConsoleShell>
  );
}

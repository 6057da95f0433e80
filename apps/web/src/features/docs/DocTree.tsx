import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightOutlined } from '@ant-design/icons';
import type { DocNode } from './docsApi.ts';
import styles from './DocPage.module.css';

/** The address of a document, keeping the `type` query the page was opened with. */
export function docHref(id: number, type: string | null): string {
  return type ? `/doc?id=${id}&type=${encodeURIComponent(type)}` : `/doc?id=${id}`;
}

interface TreeProps {
  nodes: readonly DocNode[];
  currentId: number | null;
  /** Ids of the current document's ancestors: open at first. */
  openIds: ReadonlySet<number>;
  type: string | null;
  /** Keeps element ids unique when the tree is shown twice (side bar and drawer). */
  idPrefix: string;
  onNavigate?: () => void;
}

function TreeItem({ node, depth, ...props }: TreeProps & { node: DocNode; depth: number }) {
  const { t } = useTranslation();
  const hasChildren = node.Children.length > 0;
  const [open, setOpen] = useState(() => depth === 0 || props.openIds.has(node.Id));
  // Opening another document opens its ancestors, wherever the link was.
  const [seenCurrent, setSeenCurrent] = useState(props.currentId);
  if (seenCurrent !== props.currentId) {
    setSeenCurrent(props.currentId);
    if (props.openIds.has(node.Id)) setOpen(true);
  }
  const current = node.Id === props.currentId;
  const groupId = `${props.idPrefix}-${node.Id}`;
  return (
    <li className={styles.treeItem}>
      <div
        className={`${styles.treeRow} ${current ? styles.treeCurrent : ''}`}
        style={{ paddingLeft: depth * 14 }}
      >
        {hasChildren ? (
          <button
            type="button"
            className={styles.treeToggle}
            aria-expanded={open}
            aria-controls={groupId}
            aria-label={t(open ? 'docs.collapse' : 'docs.expand', { title: node.Title })}
            onClick={() => setOpen((value) => !value)}
          >
            <RightOutlined className={open ? styles.treeToggleOpen : undefined} aria-hidden />
          </button>
        ) : (
          <span className={styles.treeSpacer} aria-hidden />
        )}
        <Link
          to={docHref(node.Id, props.type)}
          className={styles.treeLink}
          aria-current={current ? 'page' : undefined}
          onClick={() => {
            if (hasChildren) setOpen(true);
            props.onNavigate?.();
          }}
        >
          {node.Title}
        </Link>
      </div>
      {hasChildren && open && (
        <ul id={groupId} className={styles.treeList}>
          {node.Children.map((child) => (
            <TreeItem key={child.Id} {...props} node={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The documentation tree: every node is a link, nodes with children also have a disclosure button.
 * Top-level nodes and the ancestors of the current document start open.
 */
export function DocTree(props: TreeProps) {
  return (
    <ul className={styles.treeList} data-testid="doc-tree">
      {props.nodes.map((node) => (
        <TreeItem key={node.Id} {...props} node={node} depth={0} />
      ))}
    </ul>
  );
}

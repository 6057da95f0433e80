import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Popconfirm, Progress, Select, Skeleton } from 'antd';
import {
  CloseCircleOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { JOB_LIMITS } from '@pixora/catalog';
import { consoleApi } from '../../api/console.ts';
import { codeKey, ERROR_CODES } from '../../api/errors.ts';
import { isApiError } from '../../api/http.ts';
import type { MenuItem } from '../../api/menu.ts';
import { intlLocale } from '../../i18n/language.ts';
import { APP_APPLY_PATH } from '../account/adminRoutes.ts';
import { useSession } from '../account/session.ts';
import { initialValues, parameterOf, type ControlValues } from '../algorithm/kinds/controls.ts';
import { ParameterControls } from '../algorithm/kinds/ParameterControls.tsx';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { APPS_QUERY_KEY } from '../console/AppsPage.tsx';
import { ConsoleShell, LoadError } from '../console/parts.tsx';
import accountStyles from '../account/Account.module.css';
import { jobOver, resultUrlOf, saveBlob, studioAnswerOf, studioApi, type StudioJob } from './studioApi.ts';
import {
  addToBatch,
  droppedFiles,
  STUDIO_LIMITS,
  wholeMegabytes,
  type RefusedFile,
  type StudioPhoto,
} from './studioFiles.ts';
import { resultName, saveJob, savedJobs, type SavedJob } from './studioJobs.ts';
import styles from './Studio.module.css';

/** The menu entry of the studio solution, whose contract gives the batch's endpoint and recipe. */
const STUDIO_KEY = 'studio-solution';
/** How often a running batch is read again. */
export const POLL_MS = 1500;
/** How often the app's batches are listed again while one of them runs. */
export const HISTORY_POLL_MS = 5000;
/** The query key of an app's batches, refreshed when a batch starts or is cancelled. */
const historyKey = (app: number) => ['studio-history', app] as const;

const KNOWN_CODES: ReadonlySet<number> = new Set(ERROR_CODES);

export function studioEntry(menu: readonly MenuItem[]): MenuItem | undefined {
  for (const group of menu)
    for (const item of [group, ...group.children])
      if (item.extension.key === STUDIO_KEY && item.endpoint && item.available) return item;
  return undefined;
}

/** What a failure says in the page's language: the catalogue's message for a known code, else the server's. */
function failureText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error)) {
    if (error.code !== null && KNOWN_CODES.has(error.code)) return t(codeKey(error.code));
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A failed request as an error alert: `textKey`'s text with the failure's message. */
function Failure({ error, textKey, testId }: { error: unknown; textKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={t(textKey, { message: failureText(error, t) })}
    />
  );
}

/** The photos of a batch before it is sent: drop zone, file and folder pickers, the list, what was left out. */
function PhotoPicker(props: {
  photos: StudioPhoto[];
  refused: RefusedFile[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  onClear: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Folder picking is not a React attribute; every current browser knows `webkitdirectory`.
    folder.current?.setAttribute('webkitdirectory', '');
  }, []);
  const total = props.photos.reduce((sum, photo) => sum + photo.file.size, 0);
  // A picked folder's files in their folder order; hidden files (`.DS_Store`) are left out.
  const take = (input: HTMLInputElement) => {
    const path = (file: File) => file.webkitRelativePath || file.name;
    props.onAdd(
      [...(input.files ?? [])]
        .filter((file) => !file.name.startsWith('.'))
        .sort((a, b) => path(a).localeCompare(path(b), undefined, { numeric: true })),
    );
    input.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!props.disabled) void droppedFiles(event.dataTransfer).then(props.onAdd);
  };
  const limits = {
    fileLimit: wholeMegabytes(STUDIO_LIMITS.fileBytes),
    files: STUDIO_LIMITS.files,
    batchLimit: wholeMegabytes(STUDIO_LIMITS.batchBytes),
  };
  return (
    <section aria-labelledby={`${id}-title`} className={styles.block}>
      <h2 id={`${id}-title`} className={styles.blockTitle}>
        {t('studio.photos')}
      </h2>
      <div
        className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="studio-drop"
      >
        <CloudUploadOutlined className={styles.dropIcon} aria-hidden />
        <p className={styles.dropTitle}>{t('studio.dropTitle')}</p>
        <p className={styles.hint} id={`${id}-limits`} data-testid="studio-limits">
          {t('studio.limits', limits)}
        </p>
        <div className={styles.pickers}>
          <span className={styles.hint}>{t('studio.dropHint')}</span>
          <Button onClick={() => files.current?.click()} disabled={props.disabled}>
            {t('studio.chooseFiles')}
          </Button>
          <Button onClick={() => folder.current?.click()} disabled={props.disabled}>
            {t('studio.chooseFolder')}
          </Button>
        </div>
        <input
          ref={files}
          type="file"
          multiple
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          className={styles.hidden}
          aria-label={t('studio.chooseFiles')}
          aria-describedby={`${id}-limits`}
          tabIndex={-1}
          onChange={(event) => take(event.currentTarget)}
          data-testid="studio-files"
        />
        <input
          ref={folder}
          type="file"
          multiple
          className={styles.hidden}
          aria-label={t('studio.chooseFolder')}
          tabIndex={-1}
          onChange={(event) => take(event.currentTarget)}
          data-testid="studio-folder"
        />
      </div>
      {props.refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className={styles.refused}
          title={t('studio.refusedTitle')}
          description={
            <ul data-testid="studio-refused">
              {props.refused.map((file, i) => (
                <li key={`${file.name}-${i}`} data-reason={file.reason}>
                  <strong>{file.name}</strong>
                  {': '}
                  {t(`studio.refused.${file.reason}`, {
                    limit: file.reason === 'size' ? limits.fileLimit : limits.batchLimit,
                    files: limits.files,
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {props.photos.length > 0 && (
        <div className={styles.selection}>
          <div className={styles.selectionHead}>
            <span data-testid="studio-selected">
              {t('studio.selected', { count: props.photos.length, size: megabytesOf(total) })}
            </span>
            <Button size="small" onClick={props.onClear} disabled={props.disabled}>
              {t('studio.clear')}
            </Button>
          </div>
          <ul className={styles.files}>
            {props.photos.map((photo, i) => (
              <li key={`${photo.file.name}-${i}`}>
                <span className={styles.fileName}>{photo.file.name}</span>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('studio.remove', { name: photo.file.name })}
                  onClick={() => props.onRemove(i)}
                  disabled={props.disabled}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** A byte count with one decimal of megabytes, as the selection's size is read. */
const megabytesOf = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A batch as it runs: progress, each photo's outcome with its result, and the downloads. */
function JobPanel({ saved, onNew }: { saved: SavedJob; onNew: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const job = useQuery({
    queryKey: ['studio-job', saved.app, saved.id],
    queryFn: () => studioApi.job(saved.app, saved.id),
    refetchInterval: (query) => (query.state.data && jobOver(query.state.data) ? false : POLL_MS),
    retry: false,
  });
  const zip = useMutation({
    mutationFn: () => studioApi.zip(saved.app, saved.id),
    onSuccess: (blob) => saveBlob(blob, `${saved.id}.zip`),
  });
  const queryClient = useQueryClient();
  // Cancelling answers the job as it stands: shown at once, the list of batches read again.
  const cancel = useMutation({
    mutationFn: () => studioApi.cancel(saved.app, saved.id),
    onSuccess: (view) => {
      queryClient.setQueryData(['studio-job', saved.app, saved.id], view);
      void queryClient.invalidateQueries({ queryKey: historyKey(saved.app) });
    },
  });

  let body: ReactNode;
  if (job.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (job.isError)
    body = (
      <Alert
        type={isApiError(job.error) && job.error.code === 10004 ? 'info' : 'error'}
        showIcon
        data-testid="studio-job-error"
        title={
          isApiError(job.error) && job.error.code === 10004
            ? t('studio.expired', { hours: JOB_LIMITS.hours })
            : t('studio.jobFailed', { message: failureText(job.error, t) })
        }
      />
    );
  else body = <JobProgress job={job.data} saved={saved} />;

  const data = job.data;
  return (
    <Card
      className={accountStyles.panel}
      data-testid="studio-job"
      data-status={data?.status ?? ''}
      title={<span id={titleId}>{t('studio.job', { id: saved.id })}</span>}
      extra={
        <span className={styles.recentActions}>
          {data && !jobOver(data) && data.status !== 'cancelled' && (
            <Popconfirm
              title={t('studio.cancelConfirm')}
              description={t('studio.cancelNote')}
              okText={t('studio.cancelYes')}
              cancelText={t('studio.cancelNo')}
              onConfirm={() => cancel.mutate()}
            >
              <Button
                danger
                icon={<CloseCircleOutlined />}
                loading={cancel.isPending}
                data-testid="studio-cancel"
              >
                {t('studio.cancel')}
              </Button>
            </Popconfirm>
          )}
          <Button onClick={onNew} data-testid="studio-new">
            {t('studio.newBatch')}
          </Button>
        </span>
      }
    >
      <section aria-labelledby={titleId} className={styles.jobBody}>
        {body}
        {data && (
          <div className={styles.downloads}>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={data.succeeded === 0}
              loading={zip.isPending}
              onClick={() => zip.mutate()}
              data-testid="studio-zip"
            >
              {t('studio.downloadAll')}
            </Button>
            <span className={styles.hint}>{t('studio.resultsNote')}</span>
          </div>
        )}
        {cancel.isError && (
          <Failure error={cancel.error} textKey="studio.cancelFailed" testId="studio-cancel-error" />
        )}
        {zip.isError && (
          <Alert
            type="error"
            showIcon
            title={t('studio.zipFailed', { message: failureText(zip.error, t) })}
          />
        )}
      </section>
    </Card>
  );
}

/**
 * A result picture. Its URL lives for the gateway's RESULT_URL_TTL_SECONDS, less than the job:
 * once it has expired the page says so instead of showing a broken image.
 */
function ResultThumb({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [gone, setGone] = useState(false);
  if (gone)
    return (
      <span className={styles.hint} data-testid="studio-thumb-gone">
        {t('studio.resultGone')}
      </span>
    );
  return (
    <img
      src={url}
      alt={t('studio.result', { name })}
      loading="lazy"
      onError={() => setGone(true)}
      data-testid="studio-thumb"
    />
  );
}

function JobProgress({ job, saved }: { job: StudioJob; saved: SavedJob }) {
  const { t } = useTranslation();
  const done = job.succeeded + job.failed;
  const statusKey = ['queued', 'running', 'done', 'cancelled'].includes(job.status) ? job.status : 'other';
  return (
    <>
      <p className={styles.status} data-testid="studio-status">
        <strong>{t(`studio.status.${statusKey}`, { status: job.status })}</strong>
        {' · '}
        <span aria-live="polite" data-testid="studio-progress">
          {t('studio.progress', { done, total: job.total, succeeded: job.succeeded, failed: job.failed })}
          {job.cancelled > 0 ? t('studio.progressCancelled', { count: job.cancelled }) : ''}
        </span>
      </p>
      <Progress
        percent={Math.round(job.progress * 100)}
        status={
          job.status === 'cancelled'
            ? 'normal'
            : jobOver(job)
              ? job.failed > 0 && job.succeeded === 0
                ? 'exception'
                : 'success'
              : 'active'
        }
        aria-label={t('studio.progressLabel')}
      />
      <ul className={styles.results} data-testid="studio-results">
        {job.items.map((item) => {
          const name = saved.names[item.index] ?? `#${item.index + 1}`;
          const url = resultUrlOf(item);
          const faces = studioAnswerOf(item)?.media_info_list[0]?.media_extra?.face_num;
          const error = item.error;
          return (
            <li
              key={item.index}
              className={styles.result}
              data-testid="studio-item"
              data-status={item.status}
            >
              <div className={styles.thumb}>{url ? <ResultThumb url={url} name={name} /> : null}</div>
              <div className={styles.resultText}>
                <span className={styles.fileName}>{name}</span>
                <span className={styles.hint}>
                  {t(`studio.itemStatus.${item.status}`, { defaultValue: item.status })}
                  {faces !== undefined ? ` · ${t('studio.faces', { count: faces })}` : ''}
                </span>
                {error && (
                  <span className={styles.itemError} data-testid="studio-item-error">
                    {KNOWN_CODES.has(error.ErrorCode) ? t(codeKey(error.ErrorCode)) : error.ErrorMsg} (
                    {error.ErrorCode})
                  </span>
                )}
                {url && (
                  <a
                    href={url}
                    download={resultName(saved.names[item.index], item.index, url)}
                    aria-label={t('studio.downloadName', { name })}
                    data-testid="studio-download"
                  >
                    <DownloadOutlined aria-hidden /> {t('studio.download')}
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The app's batches as the server lists them (`GET /v1/jobs`, newest first, a page at a time): those
 * started here, on another computer, with the pixora command or through the API. The photo names
 * this browser kept for the batches it started are used when one is opened.
 */
function BatchHistory(props: {
  app: number;
  appName: string;
  /** The studio's endpoint: a job of another capability says which it runs. */
  endpoint: string;
  local: SavedJob[];
  current: string | null;
  onOpen: (job: SavedJob) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const time = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const history = useInfiniteQuery({
    queryKey: historyKey(props.app),
    queryFn: ({ pageParam }) => studioApi.jobs(props.app, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // Read again while a batch listed runs, so its status follows.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.jobs.some((job) => !jobOver(job)))
        ? HISTORY_POLL_MS
        : false,
    retry: false,
  });
  const jobs = history.data?.pages.flatMap((page) => page.jobs) ?? [];
  let body: ReactNode;
  if (history.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (history.isError)
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="studio-recent-error"
        title={t('studio.historyFailed', { message: failureText(history.error, t) })}
      />
    );
  else if (jobs.length === 0)
    body = <Empty description={t('studio.recentNone', { hours: JOB_LIMITS.hours })} />;
  else
    body = (
      <>
        <ul className={styles.recent}>
          {jobs.map((job) => {
            const local = props.local.find((saved) => saved.id === job.job_id && saved.app === props.app);
            const statusKey = ['queued', 'running', 'done', 'cancelled'].includes(job.status)
              ? job.status
              : 'other';
            return (
              <li key={job.job_id} data-testid="studio-recent-job" data-status={job.status}>
                <span>
                  <code>{job.job_id}</code> ·{' '}
                  <strong>{t(`studio.status.${statusKey}`, { status: job.status })}</strong> ·{' '}
                  {t('studio.recentItem', { time: time.format(new Date(job.created_at)), count: job.total })}
                  {job.capability !== props.endpoint ? (
                    <>
                      {' · '}
                      <code>{job.capability}</code>
                    </>
                  ) : null}
                </span>
                <span className={styles.recentActions}>
                  <Button
                    size="small"
                    disabled={job.job_id === props.current}
                    onClick={() =>
                      props.onOpen(
                        local ?? { id: job.job_id, app: props.app, names: [], created: job.created_at },
                      )
                    }
                    aria-label={`${t('studio.open')} ${job.job_id}`}
                  >
                    {job.job_id === props.current ? t('studio.opened') : t('studio.open')}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
        {history.hasNextPage && (
          <Button
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            data-testid="studio-recent-more"
          >
            {t('studio.recentMore')}
          </Button>
        )}
      </>
    );
  return (
    <Card
      className={accountStyles.panel}
      title={<span id={titleId}>{t('studio.recent')}</span>}
      data-testid="studio-recent"
    >
      <section aria-labelledby={titleId}>
        <p className={styles.hint}>
          {t('studio.recentNote', { hours: JOB_LIMITS.hours, name: props.appName })}
        </p>
        {body}
      </section>
    </Card>
  );
}

/**
 * /admin/studio: a signed-in developer retouches a batch of photos as one of their apps. The photos
 * are checked in the browser (JPEG or PNG, sizes, count) and sent with the recipe (the studio
 * solution's parameters, offered by the demos' contract-driven controls) as one job of its
 * endpoint; the page then reads the job every POLL_MS, shows each photo's result or catalogue
 * error, and downloads results one by one or all as a ZIP; a running batch can be cancelled. The
 * job's id is in the address, and the app's batches are listed from the server (whichever computer
 * or client started them), so leaving the page loses nothing; this browser keeps the photo names
 * of the batches it started.
 */
export function StudioPage() {
  const { t } = useTranslation();
  const { userId } = useSession();
  const { menu } = useMenuData();
  const [params, setParams] = useSearchParams();
  const entry = useMemo(() => studioEntry(menu.data ?? []), [menu.data]);
  const controls = useMemo(() => entry?.extension.demo?.controls ?? [], [entry]);
  const apps = useQuery({ queryKey: APPS_QUERY_KEY, queryFn: consoleApi.apps });
  const usable = useMemo(() => (apps.data ?? []).filter((app) => app.status === 'enabled'), [apps.data]);
  const [picked, setPicked] = useState<number | null>(null);
  const app = usable.find((candidate) => candidate.id === picked) ?? usable[0] ?? null;
  const [values, setValues] = useState<ControlValues | null>(null);
  const recipe = values ?? initialValues(controls);
  const [photos, setPhotos] = useState<StudioPhoto[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [saved, setSaved] = useState<SavedJob[]>(() => (userId ? savedJobs(userId) : []));
  useEffect(() => setSaved(userId ? savedJobs(userId) : []), [userId]);

  const jobId = params.get('job');
  const appParam = Number(params.get('app'));
  const current: SavedJob | null = jobId
    ? (saved.find((job) => job.id === jobId) ??
      (appParam ? { id: jobId, app: appParam, names: [], created: new Date().toISOString() } : null))
    : null;

  const open = (job: SavedJob | null) => {
    const next = new URLSearchParams(params);
    if (job) {
      next.set('job', job.id);
      next.set('app', String(job.app));
    } else {
      next.delete('job');
      next.delete('app');
    }
    setParams(next);
  };

  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: () => studioApi.submit(app!.id, entry!.endpoint, parameterOf(controls, recipe), photos),
    onSuccess: (job) => {
      const record: SavedJob = {
        id: job.job_id,
        app: app!.id,
        names: photos.map((photo) => photo.file.name),
        created: job.created_at,
      };
      if (userId) {
        saveJob(userId, record);
        setSaved(savedJobs(userId));
      }
      setPhotos([]);
      setRefused([]);
      void queryClient.invalidateQueries({ queryKey: historyKey(record.app) });
      open(record);
    },
  });

  const add = (files: File[]) => {
    void addToBatch(photos, files).then((next) => {
      setPhotos(next.photos);
      setRefused(next.refused);
    });
  };
  // The history shows the open batch's app, else the app chosen in the form.
  const historyApp = current?.app ?? app?.id ?? null;
  const appName = (id: number) => (apps.data ?? []).find((own) => own.id === id)?.name ?? `#${id}`;

  let content: ReactNode;
  if (apps.isPending || menu.isPending) content = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (apps.isError) content = <LoadError error={apps.error} />;
  else if (!entry) content = <Alert type="error" showIcon title={t('studio.loadFailed')} />;
  else if (current) content = <JobPanel key={current.id} saved={current} onNew={() => open(null)} />;
  else if (!app)
    content = (
      <Alert
        type="info"
        showIcon
        data-testid="studio-no-apps"
        title={t('studio.noApps')}
        action={<Link to={{ pathname: APP_APPLY_PATH, search: '?type=api' }}>{t('studio.createApp')}</Link>}
      />
    );
  else
    content = (
      <Card className={accountStyles.panel} data-testid="studio-form">
        <div className={styles.form}>
          <label className={styles.appPicker}>
            <span className={styles.blockTitle}>{t('studio.app')}</span>
            <Select
              value={app.id}
              onChange={(value: number) => setPicked(value)}
              options={usable.map((own) => ({ value: own.id, label: `${own.name} (${own.api_key})` }))}
              data-testid="studio-app"
              className={styles.select}
            />
          </label>
          <p className={styles.hint} data-testid="studio-app-note">
            {t('studio.appNote', { name: app.name })}
          </p>
          <PhotoPicker
            photos={photos}
            refused={refused}
            onAdd={add}
            onRemove={(index) => setPhotos(photos.filter((_, i) => i !== index))}
            onClear={() => {
              setPhotos([]);
              setRefused([]);
            }}
            disabled={submit.isPending}
          />
          <ParameterControls
            controls={controls}
            values={recipe}
            onChange={(name, value) => setValues({ ...recipe, [name]: value })}
            disabled={submit.isPending}
          />
          {submit.isError && (
            <Failure error={submit.error} textKey="studio.submitFailed" testId="studio-submit-error" />
          )}
          <Button
            type="primary"
            size="large"
            disabled={photos.length === 0}
            loading={submit.isPending}
            onClick={() => submit.mutate()}
            data-testid="studio-submit"
          >
            {submit.isPending ? t('studio.submitting') : t('studio.submit')}
          </Button>
        </div>
      </Card>
    );

  return (
    <ConsoleShell title={t('studio.title')} subtitle={t('studio.subtitle')} testId="studio-page">
      <div className={accountStyles.stack}>
        {content}
        {historyApp !== null && entry && (
          <BatchHistory
            key={historyApp}
            app={historyApp}
            appName={appName(historyApp)}
            endpoint={entry.endpoint}
            local={saved}
            current={current?.id ?? null}
            onOpen={open}
          />
        )}
      </div>
    </ConsoleShell>
  );
}

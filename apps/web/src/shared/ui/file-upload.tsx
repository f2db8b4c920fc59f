import {
  CloudUploadOutlined,
  DeleteOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import { Alert, Button, Progress, theme } from 'antd';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSilentError } from '../lib/errors.ts';
import {
  formatFileSize,
  refuseBeforeSending,
  removeUploadedFile,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  type UploadedFile,
  uploadFile,
} from '../lib/upload.ts';
import { useErrorText } from '../lib/use-error-text.ts';

function KindIcon({ kind }: { kind: UploadedFile['kind'] }) {
  if (kind === 'pdf') return <FilePdfOutlined />;
  if (kind === 'xlsx') return <FileExcelOutlined />;
  if (kind === 'docx') return <FileWordOutlined />;
  return <FileImageOutlined />;
}

type Transfer =
  | { state: 'sending'; name: string; percent: number }
  | { state: 'done'; name: string }
  | { state: 'failed'; name: string; percent: number };

/**
 * Uploads one file at a time (images, pdf, .xlsx, .docx; at most 10 MB, checked before sending) with
 * a progress bar, and lists the files uploaded here, each with a remove action. Meant to be loaded
 * lazily by the screens that take files (product images, invoice files).
 */
export function FileUpload({
  onUploaded,
  onRemoved,
}: {
  onUploaded?: (file: UploadedFile) => void;
  onRemoved?: (file: UploadedFile) => void;
}) {
  const { t, i18n } = useTranslation('shell', { keyPrefix: 'upload' });
  const errorText = useErrorText();
  const { token } = theme.useToken();
  const inputId = useId();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [focused, setFocused] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const sending = transfer?.state === 'sending';

  // Leaving the screen cancels an upload under way.
  useEffect(() => () => controller.current?.abort(), []);

  const send = async (file: File) => {
    if (sending) return;
    // Refused in the browser (too large, empty, not an accepted kind): nothing is sent.
    const refused = refuseBeforeSending(file);
    setError(refused ? errorText(refused) : null);
    if (refused) {
      setTransfer(null);
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    let percent = 0;
    setTransfer({ state: 'sending', name: file.name, percent });
    try {
      const stored = await uploadFile(file, {
        signal: abort.signal,
        onProgress: (value) => {
          percent = value;
          setTransfer({ state: 'sending', name: file.name, percent: value });
        },
      });
      setFiles((current) => [...current, stored]);
      setTransfer({ state: 'done', name: file.name });
      onUploaded?.(stored);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setTransfer(null);
        setError(t('cancelled'));
        return;
      }
      setTransfer({ state: 'failed', name: file.name, percent });
      const message = errorText(caught);
      if (message !== null) setError(message);
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const remove = async (file: UploadedFile) => {
    setError(null);
    setRemoving(file.fileName);
    try {
      await removeUploadedFile(file.fileName);
      setFiles((current) => current.filter((item) => item.fileName !== file.fileName));
      onRemoved?.(file);
    } catch (caught) {
      if (!isSilentError(caught)) setError(`${t('removeFailed')} ${errorText(caught) ?? ''}`.trim());
    } finally {
      setRemoving(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  const maxMb = UPLOAD_MAX_BYTES / 1024 / 1024;

  return (
    <div>
      <div data-testid="file-upload">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            position: 'relative',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: token.marginXXS,
            padding: token.paddingLG,
            textAlign: 'center',
            borderRadius: token.borderRadiusLG,
            border: `1px dashed ${dragging || focused ? token.colorPrimary : token.colorBorder}`,
            outline: focused ? `2px solid ${token.colorPrimaryBorder}` : 'none',
            background: dragging ? token.colorPrimaryBg : token.colorFillAlter,
            cursor: sending ? 'progress' : 'pointer',
            transition: `border-color ${token.motionDurationMid}`,
          }}
        >
          <CloudUploadOutlined aria-hidden style={{ fontSize: 32, color: token.colorPrimary }} />
          <span>{t('drop')}</span>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{t('hint', { maxMb })}</span>
          <input
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            disabled={sending}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so that choosing the same file again uploads it again.
              event.target.value = '';
              if (file) void send(file);
            }}
            style={{
              position: 'absolute',
              width: 1,
              height: 1,
              opacity: 0,
              overflow: 'hidden',
              clipPath: 'inset(50%)',
            }}
          />
        </label>
      </div>

      {transfer ? (
        <div
          data-testid="upload-progress"
          data-state={transfer.state}
          style={{ display: 'flex', alignItems: 'center', gap: token.marginSM, marginTop: token.marginSM }}
        >
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {transfer.state === 'sending'
                ? t('uploading', { name: transfer.name })
                : transfer.state === 'done'
                  ? t('uploaded', { name: transfer.name })
                  : t('failed', { name: transfer.name })}
            </div>
            <Progress
              percent={transfer.state === 'done' ? 100 : transfer.percent}
              status={transfer.state === 'sending' ? 'active' : transfer.state === 'done' ? 'success' : 'exception'}
              size="small"
              aria-label={t('progress', { name: transfer.name })}
            />
          </div>
          {transfer.state === 'sending' ? (
            <Button size="small" onClick={() => controller.current?.abort()}>
              {t('cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={error}
          closable={{ onClose: () => setError(null), 'aria-label': t('dismiss') }}
          style={{ marginTop: token.marginSM }}
        />
      ) : null}

      {files.length > 0 ? (
        <ul style={{ listStyle: 'none', margin: `${token.marginSM}px 0 0`, padding: 0 }} aria-label={t('listTitle')}>
          {files.map((file) => (
            <li
              key={file.fileName}
              data-testid="uploaded-file"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: token.marginSM,
                padding: `${token.paddingXS}px 0`,
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <span aria-hidden style={{ color: token.colorTextSecondary, fontSize: 18 }}>
                <KindIcon kind={file.kind} />
              </span>
              <span
                style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {file.originalName}
              </span>
              <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
                {formatFileSize(file.size, i18n.language)}
              </span>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                loading={removing === file.fileName}
                disabled={removing !== null && removing !== file.fileName}
                aria-label={t('removeNamed', { name: file.originalName })}
                onClick={() => void remove(file)}
              >
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p style={{ margin: `${token.marginSM}px 0 0`, color: token.colorTextTertiary }}>{t('none')}</p>
      )}
    </div>
  );
}

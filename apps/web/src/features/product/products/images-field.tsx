import { DeleteOutlined, LeftOutlined, PictureOutlined, RightOutlined, StarFilled } from '@ant-design/icons';
import { MAX_IMAGES_PER_PRODUCT } from '@backoffice/contracts';
import { Alert, Button, Progress, Tag, Tooltip, theme } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirection } from '../../../shared/lib/direction.tsx';
import { uploadFile } from '../../../shared/lib/upload.ts';
import { useErrorText } from '../../../shared/lib/use-error-text.ts';
import { AuthImage } from './auth-image.tsx';
import type { ImageValue } from './form-values.ts';

const THUMB = 96;
/** Raster images only, as the server accepts for products (SVG can carry script). */
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp,image/tiff,image/avif';

/**
 * The product's images: uploaded through the upload API with progress, shown as thumbnails in
 * order (the first is the main image), reordered, made main or removed. Removing here only drops
 * the image from the form; the server deletes the file when the product is saved without it.
 */
export function ImagesField({ value = [], onChange }: { value?: ImageValue[]; onChange?: (v: ImageValue[]) => void }) {
  const { t } = useTranslation('products');
  const { token } = theme.useToken();
  const { direction } = useDirection();
  const errorText = useErrorText();
  const inputId = useId();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    onChange?.(next);
  };

  const send = async (file: File) => {
    setError(null);
    if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') {
      setError(t('form.imagesOnly'));
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ name: file.name, percent: 0 });
    try {
      const stored = await uploadFile(file, {
        signal: abort.signal,
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      });
      if (!['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff', 'avif'].includes(stored.kind)) {
        setError(t('form.imagesOnly'));
        return;
      }
      onChange?.([...value, { fileName: stored.fileName, originalName: stored.originalName, url: stored.url }]);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      const text = errorText(caught);
      if (text) setError(text);
    } finally {
      setProgress(null);
      if (controller.current === abort) controller.current = null;
    }
  };

  // Arrows point the way the row runs: right to left, "earlier" is to the right.
  const EarlierIcon = direction === 'rtl' ? RightOutlined : LeftOutlined;
  const LaterIcon = direction === 'rtl' ? LeftOutlined : RightOutlined;
  const full = value.length >= MAX_IMAGES_PER_PRODUCT;

  return (
    <div data-testid="images-editor">
      <ul
        aria-label={t('fields.images')}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: token.marginSM }}
      >
        {value.map((image, index) => (
          <li
            key={image.fileName}
            data-testid="product-image"
            style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: token.marginXXS }}
          >
            <AuthImage fileName={image.fileName} alt={image.originalName} size={THUMB} />
            {index === 0 ? (
              <Tag color="gold" icon={<StarFilled />} style={{ marginInlineEnd: 0 }}>
                {t('form.mainImage')}
              </Tag>
            ) : null}
            <span style={{ display: 'inline-flex' }}>
              <Tooltip title={t('form.moveEarlier')}>
                <Button
                  size="small"
                  type="text"
                  icon={<EarlierIcon />}
                  disabled={index === 0}
                  aria-label={`${t('form.moveEarlier')}: ${image.originalName}`}
                  onClick={() => move(index, index - 1)}
                />
              </Tooltip>
              <Tooltip title={t('form.makeMain')}>
                <Button
                  size="small"
                  type="text"
                  icon={<StarFilled />}
                  disabled={index === 0}
                  aria-label={`${t('form.makeMain')}: ${image.originalName}`}
                  onClick={() => move(index, 0)}
                />
              </Tooltip>
              <Tooltip title={t('form.moveLater')}>
                <Button
                  size="small"
                  type="text"
                  icon={<LaterIcon />}
                  disabled={index === value.length - 1}
                  aria-label={`${t('form.moveLater')}: ${image.originalName}`}
                  onClick={() => move(index, index + 1)}
                />
              </Tooltip>
              <Tooltip title={t('form.removeImage')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('form.removeImage')}: ${image.originalName}`}
                  onClick={() => onChange?.(value.filter((i) => i.fileName !== image.fileName))}
                />
              </Tooltip>
            </span>
          </li>
        ))}
        <li>
          <label
            htmlFor={inputId}
            style={{
              width: THUMB,
              height: THUMB,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: token.marginXXS,
              textAlign: 'center',
              border: `1px dashed ${token.colorBorder}`,
              borderRadius: token.borderRadius,
              background: token.colorFillAlter,
              cursor: progress || full ? 'not-allowed' : 'pointer',
              color: token.colorTextSecondary,
              fontSize: token.fontSizeSM,
            }}
          >
            <PictureOutlined style={{ fontSize: 24 }} />
            {t('form.addImage')}
            <input
              id={inputId}
              type="file"
              accept={IMAGE_ACCEPT}
              disabled={!!progress || full}
              data-testid="image-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
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
        </li>
      </ul>
      {progress ? (
        <div style={{ marginTop: token.marginSM }}>
          {t('form.uploading', { name: progress.name })}
          <Progress percent={progress.percent} status="active" size="small" aria-label={progress.name} />
        </div>
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={error}
          closable={{ onClose: () => setError(null) }}
          style={{ marginTop: token.marginSM }}
        />
      ) : null}
    </div>
  );
}

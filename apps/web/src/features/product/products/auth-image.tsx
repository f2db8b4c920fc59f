import { FileImageOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useEffect, useState } from 'react';
import { authHeaders } from '../../../shared/lib/http.ts';
import { runtimeConfig } from '../../../shared/lib/runtime-config.ts';

/** The address of a stored image: the configured image address (IMAGE_URL) and its file name. */
export function imageAddress(fileName: string): string {
  return `${runtimeConfig().imageUrl}${encodeURIComponent(fileName)}`;
}

/**
 * An uploaded image. Files are served only to signed-in users who may see them, so the image is
 * fetched with the bearer token like any call and shown from memory; a grey icon until then.
 */
export function AuthImage({ fileName, alt, size }: { fileName: string; alt: string; size: number }) {
  const { token } = theme.useToken();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | null = null;
    const url = imageAddress(fileName);
    (async () => {
      try {
        const response = await fetch(url, {
          headers: await authHeaders(url),
          credentials: 'same-origin',
          signal: abort.signal,
        });
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setSrc(objectUrl);
      } catch {
        if (!abort.signal.aborted) setFailed(true);
      }
    })();
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileName]);
  const box = {
    width: size,
    height: size,
    borderRadius: token.borderRadius,
    border: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorFillAlter,
  };
  if (!src)
    return (
      <span
        role="img"
        aria-label={alt}
        aria-busy={!failed}
        style={{ ...box, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <FileImageOutlined
          style={{ fontSize: size / 3, color: failed ? token.colorError : token.colorTextQuaternary }}
        />
      </span>
    );
  return <img src={src} alt={alt} width={size} height={size} style={{ ...box, objectFit: 'contain' }} />;
}

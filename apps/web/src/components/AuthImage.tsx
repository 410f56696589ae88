/** An <img> for job images: protected URLs load as blobs with the token; failures show a "Failed to load" tile. */
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { ImageOff } from 'lucide-react';
import { loadImage } from '../api/images.ts';
import { cx } from './ui/cx.ts';

export function AuthImage({ src, alt, className, ...rest }: { src: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  const [state, setState] = useState<{ src: string; url: string | null; failed: boolean }>({ src, url: null, failed: false });
  useEffect(() => {
    let live = true;
    setState({ src, url: null, failed: false });
    loadImage(src).then(
      (url) => { if (live) setState({ src, url, failed: false }); },
      () => { if (live) setState({ src, url: null, failed: true }); },
    );
    return () => { live = false; };
  }, [src]);

  if (state.failed) {
    return (
      <div className={cx('flex flex-col items-center justify-center gap-1 bg-slate-100 text-center text-[10px] font-medium text-slate-500', className)} role="img" aria-label={`${alt}: failed to load`}>
        <ImageOff className="h-4 w-4" />Failed to load
      </div>
    );
  }
  if (!state.url) return <div className={cx('animate-pulse bg-slate-200', className)} aria-hidden="true" />;
  return <img src={state.url} alt={alt} className={className} onError={() => setState((s) => ({ ...s, failed: true }))} {...rest} />;
}

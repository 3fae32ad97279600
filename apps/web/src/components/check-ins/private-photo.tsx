import { useQuery } from '@tanstack/react-query';
import { useCallback, type ComponentProps } from 'react';
import { http } from '#lib/http';

const photoPath = (photoId: string) => `/progress-photos/${encodeURIComponent(photoId)}/`;

/**
 * A progress photo as an `<img>`: the bytes are fetched with the session's token (they are
 * never at a public address) and shown from a blob URL, let go when the image goes.
 */
export function PhotoImage({
  photoId,
  alt,
  ...image
}: { photoId: string; alt: string } & Omit<ComponentProps<'img'>, 'src' | 'alt' | 'ref'>) {
  const { data } = useQuery({
    queryKey: ['progress-photos', photoId],
    queryFn: () => http.getFile(photoPath(photoId)),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const attach = useCallback(
    (element: HTMLImageElement | null) => {
      if (!element || !data) return;
      const url = URL.createObjectURL(data);
      element.src = url;
      return () => {
        URL.revokeObjectURL(url);
      };
    },
    [data],
  );
  if (!data) return <span className="sr-only">Cargando foto…</span>;
  return <img ref={attach} alt={alt} {...image} />;
}

interface PrivatePhotoProps {
  photoId: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}

/** One progress photo, with its own size reserved while it loads. */
export function PrivatePhoto({ photoId, alt, width, height, className }: PrivatePhotoProps) {
  return (
    <div
      className={`overflow-hidden rounded-lg bg-neutral-100 dark:bg-neutral-800 ${className ?? ''}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <PhotoImage
        photoId={photoId}
        alt={alt}
        width={width}
        height={height}
        className="h-full w-full object-cover"
      />
    </div>
  );
}

// Sizes of files and answers as a shop owner reads them (es-CO): "50 MB", "1,5 MB", "300 KB". A
// megabyte is 1024 × 1024 bytes, as Windows' file explorer counts it, so the size shown here is the
// size the user sees beside the file. Rounded up, so that a file just over a limit never reads as
// exactly the limit.
export const KB = 1024;
export const MB = 1024 * 1024;

const ONE_DECIMAL = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

export function formatByteSize(bytes: number): string {
  if (bytes < MB) return `${ONE_DECIMAL.format(Math.max(1, Math.ceil(bytes / KB)))} KB`;
  const megabytes = bytes / MB;
  // Whole megabytes from 10 up ("57 MB", "1.144 MB"), one decimal below ("1,5 MB").
  return `${ONE_DECIMAL.format(megabytes >= 10 ? Math.ceil(megabytes) : Math.ceil(megabytes * 10) / 10)} MB`;
}

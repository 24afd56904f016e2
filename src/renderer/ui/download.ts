/** Saves bytes or text as a file through the browser (Electron shows its save dialog for it). */
export function download(parts: BlobPart[], filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why a file could not be read, in words: `no such file`, `permission denied`, `is a directory`, `read-only file system`. */
export function fileProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'ENOSPC') return 'no space left on the device';
  return code ?? 'unreadable';
}

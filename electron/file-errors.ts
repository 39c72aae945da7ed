// Turns file-system errors into short reasons a user can read, never stack traces.

function errorCode(err: unknown): string {
  return typeof err === "object" && err !== null && "code" in err ? String(err.code) : "";
}

export function describeFileError(err: unknown): string {
  switch (errorCode(err)) {
    case "ENOENT": return "no such file or folder";
    case "EACCES": case "EPERM": return "permission denied";
    case "EISDIR": return "it is a folder";
    case "ENOTDIR": return "a part of the path is not a folder";
    case "ENOSPC": return "the disk is full";
    case "EDQUOT": return "the disk quota is exceeded";
    case "EROFS": return "the file system is read-only";
    case "EBUSY": return "the file is in use";
    case "ENAMETOOLONG": return "the name is too long";
    case "EMFILE": case "ENFILE": return "too many open files";
    default: {
      // Node messages look like "EIO: i/o error, open '/x'": keep only the first line.
      const message = err instanceof Error ? err.message : String(err);
      return message.split("\n")[0] ?? "unknown error";
    }
  }
}

/* file.h - files read whole and written whole: a check that a path is a
 * regular file, a whole file read into a buffer, an atomic write that may
 * keep the old file as a numbered backup (path.~N~), and the directories
 * around them (mkdir -p, one path relative to another).
 *
 * Expected failures (a missing file, a directory, a full disk) return -1
 * with a reason in the caller's err; allocation failure aborts (util.h).
 * What path_relative returns is the caller's to free. */
#ifndef PITH_FILE_H
#define PITH_FILE_H

#include <stddef.h>

#include "util.h"

/* path names a regular file (not a FIFO, a device or a directory, whose
 * reading would block, never end or fail) of at most max bytes (0: any
 * size): 0; else -1 with the reason in err. */
int check_regular(const char *path, size_t max, char *err, size_t errlen);
/* Read a whole file into out (appended), refusing files over max bytes
 * and anything but a regular file.  0, or -1 with a reason in err. */
int read_file(const char *path, size_t max, struct buf *out, char *err,
	      size_t errlen);

/* Write data to path through a temporary file in the same directory and a
 * rename, so a crash or a full disk never leaves a half-written file.  A
 * replaced file keeps its mode.  flags:
 * WRITE_BACKUP: an existing file is first kept as the numbered backup
 *   path.~N~ (never replacing one); a read-only file and a symbolic link
 *   are refused (the user's, not to be replaced);
 * WRITE_PRECIOUS (a user's rules): the same, but a symbolic link is
 *   followed to its target, and the data is synced to disk before the
 *   rename.
 * A device or a pipe at path (/dev/null, /dev/stdout, a FIFO) is written
 * into as it is, never replaced nor kept; a directory is refused.
 * 0, or -1 with a reason in err. */
enum { WRITE_BACKUP = 1, WRITE_PRECIOUS = 2 };
/* Remove the temporary file a write_file_atomic() in progress holds:
 * async-signal-safe, for a handler that ends the process. */
void write_tmp_remove(void);
int write_file_atomic(const char *path, const char *data, size_t len,
		      unsigned flags, char *err, size_t errlen);

/* mkdir -p: dir and its missing parents; 0, or -1 with errno set. */
int mkdir_parents(const char *dir);

/* The path of to relative to the directory from_dir, both absolute and
 * canonical (realpath's); the caller frees it. */
char *path_relative(const char *from_dir, const char *to);

#endif

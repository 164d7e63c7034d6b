/* walk.h - the one directory walker: every command that reads a directory
 * (extract's inputs, --siblings, a rules directory) picks files with it,
 * so the same directory always gives the same files in the same order.
 *
 * Names are sorted bytewise at each level; entries starting with '.' are
 * skipped unless WALK_HIDDEN (ftr's ".example.org.txt" rule files); only
 * regular files are taken (a FIFO or a device would block or never end),
 * following symbolic links, but never into a directory entered already
 * (a link back up the tree, ln -s . a, is passed to skip() as such);
 * subdirectories are walked to maxdepth levels (0: the directory only).
 * Paths are "dir/name", owned by the caller's struct strv (strv_free).
 * Errors: -1 with a reason when dir itself cannot be read; what the walk
 * cannot take (an unreadable subdirectory, one deeper than maxdepth, a
 * dangling link with a wanted name, a link loop, a path too long) is
 * passed to skip() with lost set, and the walk goes on; a link back up
 * the tree loses nothing (lost false). */
#ifndef PITH_WALK_H
#define PITH_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* Page files: .html, .htm, .xhtml, each also gzip-compressed (.gz); any case. */
extern const char *const walk_page_exts[];
bool walk_has_ext(const char *name, const char *const *exts);

enum { WALK_HIDDEN = 1 };
typedef void (*walk_skip_fn)(void *ctx, const char *path, const char *reason, bool lost);
int walk_dir(const char *dir, const char *const *exts, int maxdepth, unsigned flags,
	     struct strv *out, walk_skip_fn skip, void *ctx,
	     char *err, size_t errlen);

#endif

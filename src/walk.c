/* walk.c - sorted, recursive directory walks of regular files. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"
#include "walk.h"

const char *const walk_page_exts[] = {
	".html", ".htm", ".xhtml", ".html.gz", ".htm.gz", ".xhtml.gz", NULL
};

bool
walk_has_ext(const char *name, const char *const *exts)
{
	size_t n = strlen(name);
	for (int k = 0; exts[k]; k++) {
		size_t e = strlen(exts[k]);
		if (n > e && str_ieq(name + n - e, exts[k]))
			return true;
	}
	return false;
}

/* A directory's entry: its name, and its type as readdir gave it. */
struct entry {
	char *name;
	unsigned char type;     /* DT_*, DT_UNKNOWN when the file system did not say */
};

static int
cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name, ((const struct entry *)b)->name);
}

/* The directories entered so far, by device and inode (a hash set,
 * linear probing, at most half full): a symbolic link back up the tree
 * (ln -s . a) is not followed again. */
struct seen {
	dev_t *dev;
	ino_t *ino;
	bool *used;
	size_t n, cap;
};

static size_t
seen_slot(const struct seen *s, dev_t dev, ino_t ino)
{
	size_t i = (size_t)(((uint64_t)ino * 0x9e3779b97f4a7c15ULL) ^ (uint64_t)dev) & (s->cap - 1);
	while (s->used[i] && !(s->dev[i] == dev && s->ino[i] == ino))
		i = (i + 1) & (s->cap - 1);
	return i;
}

/* Whether st's directory was entered already; if not, it is now. */
static bool
seen_before(struct seen *s, const struct stat *st)
{
	if (2 * (s->n + 1) > s->cap) {
		struct seen g = { .cap = s->cap ? 2 * s->cap : 64 };
		g.dev = xcalloc(g.cap, sizeof *g.dev);
		g.ino = xcalloc(g.cap, sizeof *g.ino);
		g.used = xcalloc(g.cap, sizeof *g.used);
		for (size_t i = 0; i < s->cap; i++)
			if (s->used[i]) {
				size_t j = seen_slot(&g, s->dev[i], s->ino[i]);
				g.used[j] = true;
				g.dev[j] = s->dev[i];
				g.ino[j] = s->ino[i];
			}
		g.n = s->n;
		free(s->dev);
		free(s->ino);
		free(s->used);
		*s = g;
	}
	size_t i = seen_slot(s, st->st_dev, st->st_ino);
	if (s->used[i])
		return true;
	s->used[i] = true;
	s->dev[i] = st->st_dev;
	s->ino[i] = st->st_ino;
	s->n++;
	return false;
}

static int
walk(const char *dir, const char *const *exts, int depth, int maxdepth, unsigned flags,
     struct strv *out,
     walk_skip_fn skip, void *ctx, struct seen *seen, char *err, size_t errlen)
{
	DIR *dp = opendir(dir);
	if (!dp) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	struct entry *ent = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(dp)) != NULL)
		if (e->d_name[0] != '.' || ((flags & WALK_HIDDEN) &&
		    strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))) {
			/* a regular file of another kind is not kept, nor sorted */
			if (e->d_type == DT_REG && !walk_has_ext(e->d_name, exts))
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				ent = xreallocarray(ent, cap, sizeof *ent);
			}
			ent[n].name = xstrdup(e->d_name);
			ent[n++].type = e->d_type;
		}
	closedir(dp);
	if (n)
		qsort(ent, n, sizeof *ent, cmp_entry);
	struct buf path;
	buf_init(&path);
	for (size_t i = 0; i < n; i++) {
		const char *name = ent[i].name;
		/* a regular file, as readdir says, needs no stat: a
		 * directory does (its device and inode), and a link or an
		 * unknown type is stat'ed for what it names */
		path.len = 0;
		buf_printf(&path, "%s/%s", dir, name);
		if (ent[i].type == DT_REG) {
			strv_add(out, path.data);
			continue;
		}
		struct stat st;
		if (stat(path.data, &st) < 0) {
			/* what cannot be looked at may be a page or hold some:
			 * said, but for a dangling link of another kind of name */
			int why = errno;
			if (skip && (why != ENOENT || walk_has_ext(name, exts)))
				skip(ctx, path.data, why == ENOENT ? "a dangling symbolic link" :
				     why == ELOOP ? "a symbolic link loop" :
				     why == ENAMETOOLONG ? "path too long" : strerror(why), true);
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			char e2[256];
			if (depth <= 0) {
				/* a walk of the directory alone passes over its
				 * subdirectories by design */
				if (skip && maxdepth > 0) {
					char why[80];
					snprintf(why, sizeof why, "more than %d directories deep: "
						 "not walked", maxdepth);
					skip(ctx, path.data, why, true);
				}
				continue;
			}
			if (seen_before(seen, &st)) {
				if (skip)
					skip(ctx, path.data, "a directory walked already "
					     "(a symbolic link back up the tree): not followed", false);
				continue;
			}
			if (walk(path.data, exts, depth - 1, maxdepth, flags, out, skip, ctx, seen,
				 e2, sizeof e2) < 0 && skip)
				skip(ctx, path.data, e2, true);
		} else if (S_ISREG(st.st_mode) && walk_has_ext(name, exts)) {
			strv_add(out, path.data);
		}
	}
	buf_free(&path);
	for (size_t i = 0; i < n; i++)
		free(ent[i].name);
	free(ent);
	return 0;
}

int
walk_dir(const char *dir, const char *const *exts, int maxdepth, unsigned flags,
	 struct strv *out, walk_skip_fn skip, void *ctx, char *err, size_t errlen)
{
	struct seen seen = { 0 };
	struct stat st;
	if (stat(dir, &st) == 0)
		seen_before(&seen, &st);
	int rc = walk(dir, exts, maxdepth, maxdepth, flags, out, skip, ctx, &seen, err, errlen);
	free(seen.dev);
	free(seen.ino);
	free(seen.used);
	return rc;
}

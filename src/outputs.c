/* outputs.c - extract -o DIR's files: each page's output named after its
 * input (its path below the directory it was found in, mirrored under
 * DIR), the directory made and checked, and no two pages, nor a page and
 * its own input, on one file, found before any work. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "outputs.h"

/* The output name of each input, without extension: its path below the
 * directory it was found in (mirrored under -o DIR), its base name when
 * named itself, "stdin" for -, and a URL with its unsafe characters
 * replaced. */
char *
outputs_name(const char *input, const char *root)
{
	if (!strcmp(input, "-"))
		return xstrdup("stdin");
	const char *rel = input;
	size_t rl = root ? strlen(root) : 0;
	if (root && !strncmp(input, root, rl) && input[rl] == '/')
		rel = input + rl + 1;
	else if (strrchr(input, '/') && !cli_is_url(input))
		rel = strrchr(input, '/') + 1;
	else if (cli_is_url(input))
		rel = strstr(input, "://") + 3;
	char *n = xstrdup(rel);
	char *base = strrchr(n, '/');
	base = base ? base + 1 : n;
	/* the extension goes, a compressed page's two */
	for (int k = 0; k < 2 && !cli_is_url(input); k++) {
		char *dot = strrchr(base, '.');
		if (!dot || dot == base || (k == 1 && !str_has_suffix(rel, ".gz")))
			break;
		*dot = '\0';
	}
	/* a URL's name may hold characters a file name should not */
	if (cli_is_url(input))
		for (char *c = n; *c; c++)
			if (*c == '/' || *c == '?' || *c == '&' || *c == ':')
				*c = '_';
	return n;
}

/* -o DIR made if need be, and writable: 0, or 1 reported. */
int
outputs_check_dir(const char *dir)
{
	struct stat st;
	if (mkdir_parents(dir) < 0) {
		cli_report(dir, strerror(errno));
		return 1;
	}
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		cli_report(dir, "not a directory");
		return 1;
	}
	if (access(dir, W_OK | X_OK) < 0) {
		cli_report(dir, "directory not writable");
		return 1;
	}
	return 0;
}

/* -o DIR: one output per page, never two pages on one name (the second
 * is reported and skipped: *status 1).  The names so far are a map, so
 * that 80,000 inputs cost twice what 40,000 do. */
char **
outputs_paths(const struct cli *c, const struct strv *in, const struct strv *roots,
	      bool *skip, int *status)
{
	char **outpath = xcalloc((size_t)in->n + 1, sizeof *outpath);
	const char *ext = format_entry(c->format)->ext;
	struct strmap taken = { 0 };
	for (int i = 0; i < in->n; i++) {
		const char *root = roots->v[i];
		char *name = outputs_name(in->v[i], *root ? root : NULL);
		struct buf p;
		buf_init(&p);
		buf_printf(&p, "%s/%s.%s", c->outdir, name, ext);
		free(name);
		outpath[i] = buf_steal(&p, NULL);
		int j = strmap_put(&taken, outpath[i], i);
		if (j >= 0) {
			char why[600];
			snprintf(why, sizeof why, "its output %s is %s's already",
				 outpath[i], in->v[j]);
			cli_report(in->v[i], why);
			skip[i] = true;
			*status = 1;
		}
	}
	test_count("output names compared", taken.probes);
	strmap_free(&taken);
	return outpath;
}

/* A file by device and inode, and the output it is. */
struct file_id {
	dev_t dev;
	ino_t ino;
	int i;
};

static int
cmp_file_id(const void *a, const void *b)
{
	const struct file_id *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* An output that is one of the inputs (-o DIR the pages' own directory,
 * --format html) would replace the page with its extraction: the usage
 * error's status, before any work, or 0. */
int
outputs_clash(const struct strv *in, char *const *outpath)
{
	/* the outputs there already (none in a fresh directory: then no
	 * input needs a stat), sorted by file */
	struct file_id *out = xcalloc((size_t)in->n + 1, sizeof *out);
	size_t nout = 0;
	for (int i = 0; i < in->n; i++) {
		struct stat st;
		if (outpath[i] && stat(outpath[i], &st) == 0)
			out[nout++] = (struct file_id){ st.st_dev, st.st_ino, i };
	}
	if (nout > 1)
		qsort(out, nout, sizeof *out, cmp_file_id);
	/* the first output (in input order) that is an input, and the first
	 * input it is */
	int clash = -1, with = -1;
	for (int j = 0; j < in->n && nout; j++) {
		struct stat st;
		if (!strcmp(in->v[j], "-") || stat(in->v[j], &st) < 0)
			continue;
		struct file_id key = { st.st_dev, st.st_ino, -1 };
		size_t lo = 0, hi = nout;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (cmp_file_id(&out[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		/* out[lo], if it is this file, is its first output */
		if (lo < nout && out[lo].dev == key.dev && out[lo].ino == key.ino &&
		    (clash < 0 || out[lo].i < clash)) {
			clash = out[lo].i;
			with = j;
		}
	}
	free(out);
	if (clash < 0)
		return 0;
	return cli_usage_error("%s: -o would write over the input %s; give -o another directory",
			       outpath[clash], in->v[with]);
}

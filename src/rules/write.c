/* write.c - site rules from what the inspector shows: body: and
 * strip: expressions that select exactly the kept text, merged into the
 * host's rule file without losing a hand-written line. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rules/rules.h"
#include "file.h"

/* ---- writing rules from the inspector's choices ---- */

/* An id or class token a site generated (ember123, css-1x2y3z, long
 * hashes) changes between pages: not worth anchoring on.  Nor is one
 * that ends in a count (cnn_storypgraph42, item3: the third of its
 * kind, another on the next page); a number after a separator
 * (col-8, grid_2) names a size or a column and stays. */
bool
rules_looks_generated(const char *s, size_t n)
{
	int digits = 0, run = 0, maxrun = 0;
	for (size_t i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i])) {
			digits++;
			if (++run > maxrun)
				maxrun = run;
		} else {
			run = 0;
		}
	}
	bool counter = run >= 2 || (run == 1 && n > 3 && isalpha((unsigned char)s[n - 2]));
	return n == 0 || n > 40 || maxrun >= 3 || digits * 3 > (int)n || counter;
}

/* Does expr select exactly element id?  The match count in *n. */
static bool
selects_exactly(struct xpath_doc *x, const char *expr, int id, int *n)
{
	int *ids;
	char err[300];
	*n = xpath_select(x, expr, &ids, err, sizeof err);
	bool ok = *n == 1 && ids[0] == id;
	free(ids);
	return ok;
}

void
rules_steps_below(const struct dom *d, int anc, int e, struct buf *out)
{
	/* from e up to anc, each step put in front of those below it */
	struct buf rel, step;
	buf_init(&rel);
	buf_init(&step);
	for (; e != anc && e >= 0; e = d->parent[e]) {
		step.len = 0;
		buf_printf(&step, "/%s[%d]", dom_tagname(d, e), d->pos[e]);
		buf_add(&step, rel.data ? rel.data : "", rel.len);
		rel.len = 0;
		buf_add(&rel, step.data, step.len);
	}
	buf_add(out, rel.data ? rel.data : "", rel.len);
	buf_free(&rel);
	buf_free(&step);
}

int
rules_class_tokens(const char *cls, const char **tok, size_t *len, int max)
{
	int nt = 0;
	for (const char *p = cls ? cls : ""; *p && nt < max;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		const char *s = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		size_t k = (size_t)(p - s);
		if (k && !memchr(s, '\'', k) && !memchr(s, '"', k) && !rules_looks_generated(s, k)) {
			tok[nt] = s;
			len[nt++] = k;
		}
	}
	return nt;
}

void
rules_class_pred(struct buf *b, const char *tok, size_t n)
{
	buf_printf(b, "[contains(concat(' ',normalize-space(@class),' '),' %.*s ')]",
		   (int)n, tok);
}

/* A short, unique expression for element i from its own attributes;
 * false when none selects exactly i. */
static bool
own_xpath(const struct dom *d, struct xpath_doc *x, int i, struct buf *out)
{
	const char *tag = dom_tagname(d, i);
	const char *idv = dom_attr(d, i, "id");
	struct buf b;
	buf_init(&b);
	int n;
	if (idv && *idv && !rules_looks_generated(idv, strlen(idv))) {
		buf_printf(&b, "//%s[@id=", tag);
		xpath_quote(&b, idv);
		buf_addc(&b, ']');
		if (selects_exactly(x, b.data, i, &n))
			goto found;
	}
	const char *cls = dom_attr(d, i, "class");
	if (cls) {
		const char *tok[16];
		size_t len[16];
		int nt = rules_class_tokens(cls, tok, len, 16);
		for (int a = 0; a < nt; a++) {
			b.len = 0;
			buf_printf(&b, "//%s", tag);
			rules_class_pred(&b, tok[a], len[a]);
			if (selects_exactly(x, b.data, i, &n))
				goto found;
		}
		for (int a = 0; a < nt; a++)
			for (int c = a + 1; c < nt; c++) {
				b.len = 0;
				buf_printf(&b, "//%s", tag);
				rules_class_pred(&b, tok[a], len[a]);
				rules_class_pred(&b, tok[c], len[c]);
				if (selects_exactly(x, b.data, i, &n))
					goto found;
			}
	}
	buf_free(&b);
	return false;
found:
	buf_add(out, b.data, b.len);
	buf_free(&b);
	return true;
}

int
rules_xpath_for(const struct dom *d, struct xpath_doc *x, int id, struct buf *out)
{
	struct xpath_doc *own = NULL;
	if (!x)
		x = own = xpath_doc_new(d);
	size_t start = out->len;
	int n = 1;
	if (!own_xpath(d, x, id, out)) {
		/* a path from the nearest ancestor that has a unique expression */
		int a = d->parent[id];
		while (a >= 0 && a != d->body && !own_xpath(d, x, a, out))
			a = d->parent[a];
		struct buf rel;
		buf_init(&rel);
		rules_steps_below(d, a, id, &rel);
		if (a >= 0 && a != d->body) {
			buf_add(out, rel.data, rel.len);
		} else {
			out->len = start;
			dom_xpath(d, id, out);
		}
		buf_free(&rel);
		int k;
		struct buf e;
		buf_init(&e);
		buf_add(&e, out->data + start, out->len - start);
		selects_exactly(x, e.data, id, &k);
		n = k;
		buf_free(&e);
	}
	xpath_doc_free(own);
	return n;
}

/* ---- where w writes ---- */

int
rules_target(const char *url, const char *rules_dir_or_file, char *written,
	     size_t writtenlen, char *err, size_t errlen)
{
	char host[256];
	if (!url || rules_url_parts(url, host, sizeof host, NULL) < 0) {
		snprintf(err, errlen, "the page's address is unknown (give --url)");
		return -1;
	}
	const char *fhost = strncmp(host, "www.", 4) ? host : host + 4;
	struct stat st;
	/* A path that does not exist yet is a directory when it says so
	 * (a final '/') or has no extension ("rules"); "x.txt" or "my.rules"
	 * name a file. */
	const char *last = strrchr(rules_dir_or_file, '/');
	last = last ? last + 1 : rules_dir_or_file;
	bool is_dir = stat(rules_dir_or_file, &st) == 0 ? S_ISDIR(st.st_mode)
						      : (!*last || !strchr(last, '.'));
	if (is_dir && stat(rules_dir_or_file, &st) < 0 && mkdir_parents(rules_dir_or_file) < 0) {
		snprintf(err, errlen, "%s: %s", rules_dir_or_file, strerror(errno));
		return -1;
	}
	if (is_dir) {
		snprintf(written, writtenlen, "%s/%s.txt", rules_dir_or_file, fhost);
		return 0;
	}
	snprintf(written, writtenlen, "%s", rules_dir_or_file);
	/* a file in a directory not made yet: made, as a directory is */
	if (last > rules_dir_or_file) {
		char *dir = xstrndup(rules_dir_or_file, (size_t)(last - rules_dir_or_file));
		int rc = stat(dir, &st) < 0 ? mkdir_parents(dir) : 0;
		if (rc < 0)
			snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		free(dir);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* ---- showing the change ---- */

/* Lines of s, as offsets. */
static int
split_lines(const char *s, size_t n, const char ***line, size_t **len)
{
	int k = 0, cap = 16;
	*line = xmalloc((size_t)cap * sizeof **line);
	*len = xmalloc((size_t)cap * sizeof **len);
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - s) : n;
		if (k == cap) {
			cap *= 2;
			*line = xreallocarray(*line, (size_t)cap, sizeof **line);
			*len = xreallocarray(*len, (size_t)cap, sizeof **len);
		}
		(*line)[k] = s + i;
		(*len)[k++] = e - i;
		i = e + 1;
	}
	return k;
}

void
rules_diff(const char *old, size_t on, const char *new, size_t nn, struct buf *out)
{
	const char **a, **b;
	size_t *al, *bl;
	int na = split_lines(old, on, &a, &al), nb = split_lines(new, nn, &b, &bl);
	/* longest common subsequence of lines; rule files are short, and a
	 * file past 2000 lines is shown as replaced whole */
	bool whole = (long)na * nb > 4000000L;
	int *L = whole ? NULL : xcalloc(((size_t)na + 1) * ((size_t)nb + 1), sizeof *L);
#define AT(i, j) L[(size_t)(i) * ((size_t)nb + 1) + (size_t)(j)]
	for (int i = na - 1; !whole && i >= 0; i--)
		for (int j = nb - 1; j >= 0; j--)
			AT(i, j) = al[i] == bl[j] && !memcmp(a[i], b[j], al[i]) ?
				   AT(i + 1, j + 1) + 1 :
				   AT(i + 1, j) > AT(i, j + 1) ? AT(i + 1, j) : AT(i, j + 1);
	int i = 0, j = 0;
	while (i < na || j < nb) {
		if (!whole && i < na && j < nb && al[i] == bl[j] && !memcmp(a[i], b[j], al[i])) {
			i++;
			j++;
		} else if (j < nb && (i == na || whole || AT(i, j + 1) >= AT(i + 1, j))) {
			buf_printf(out, "+ %.*s\n", (int)bl[j], b[j]);
			j++;
		} else {
			buf_printf(out, "- %.*s\n", (int)al[i], a[i]);
			i++;
		}
	}
#undef AT
	free(L);
	free(a);
	free(b);
	free(al);
	free(bl);
}

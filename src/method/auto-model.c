/* auto-model.c - the auto method's model file, read and checked. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method/auto-model.h"
#include "util.h"

/* The words of one line, at most this many (a features line has one per
 * feature and two more). */
#define MAX_WORDS 256

struct reader {
	const char *p, *end;
	int line;               /* of the last line read */
	char *words[MAX_WORDS];
	int nwords;
	struct buf copy;        /* the line's bytes, cut into words */
	char *err;
	size_t errlen;
};

/* fail() in an expression that is -1 where the analyzer can see it */
#define FAIL(...) (fail(__VA_ARGS__), -1)

static int __attribute__((format(printf, 2, 3)))
fail(struct reader *r, const char *fmt, ...)
{
	int n = snprintf(r->err, r->errlen, "line %d: ", r->line);
	if (n < 0 || (size_t)n >= r->errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* The next line that is neither blank nor a comment, cut into words;
 * 0 at the end of the text. */
static int
next_line(struct reader *r)
{
	while (r->p < r->end) {
		const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
		const char *e = nl ? nl : r->end;
		r->line++;
		r->copy.len = 0;
		buf_add(&r->copy, r->p, (size_t)(e - r->p));
		buf_addc(&r->copy, '\0');
		r->p = nl ? nl + 1 : r->end;
		r->nwords = 0;
		char *s = r->copy.data;
		if (*s == '#')
			continue;
		for (;;) {
			while (*s == ' ' || *s == '\t' || *s == '\r')
				s++;
			if (!*s)
				break;
			if (r->nwords == MAX_WORDS)
				return FAIL(r, "more than %d words", MAX_WORDS);
			r->words[r->nwords++] = s;
			while (*s && *s != ' ' && *s != '\t' && *s != '\r')
				s++;
			if (*s)
				*s++ = '\0';
		}
		if (r->nwords)
			return 1;
	}
	r->line++;
	return 0;
}

/* A line that must be there: its absence is "the file ends". */
static int
need_line(struct reader *r, const char *what)
{
	int rc = next_line(r);
	if (rc == 0)
		return FAIL(r, "the file ends before %s", what);
	return rc < 0 ? -1 : 0;
}

static int
get_int(struct reader *r, const char *s, long lo, long hi, const char *what, int *out)
{
	char *e;
	errno = 0;
	long v = strtol(s, &e, 10);
	if (e == s || *e || errno)
		return FAIL(r, "%s: '%s' is not a whole number", what, s);
	if (v < lo || v > hi)
		return FAIL(r, "%s: %ld is not between %ld and %ld", what, v, lo, hi);
	*out = (int)v;
	return 0;
}

/* A finite float, read as the C compiler reads the generated constant
 * (correctly rounded), whatever the user's locale. */
static int
get_float(struct reader *r, const char *s, const char *what, float *out)
{
	static locale_t c_locale;
	if (!c_locale)
		c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	locale_t old = c_locale ? uselocale(c_locale) : (locale_t)0;
	char *e;
	errno = 0;
	float v = strtof(s, &e);
	bool bad = e == s || *e;
	if (old)
		uselocale(old);
	if (bad || !isfinite(v))
		return FAIL(r, "%s: '%s' is not a finite number", what, s);
	*out = v;
	return 0;
}

/* pith's index of signal NAME among the first n, -1 if none. */
static int
signal_index(const char *const *names, int n, const char *name)
{
	for (int k = 0; k < n; k++)
		if (!strcmp(names[k], name))
			return k;
	return -1;
}

/* The signals the model was trained on, by name, in the model's order:
 * col[k] is pith's index of the model's signal k.  Any of pith's signals
 * in any order; one pith has and the model lacks is one no node tests. */
static int
read_features(struct reader *r, const char *const *names, int nfeatures, int *col, int *n)
{
	if (need_line(r, "its features line") < 0)
		return -1;
	if (r->nwords < 2 || strcmp(r->words[0], "features"))
		return FAIL(r, "expected 'features N NAME...'");
	if (get_int(r, r->words[1], 1, nfeatures, "features", n) < 0)
		return -1;
	if (r->nwords != *n + 2)
		return FAIL(r, "%d feature names for %d features", r->nwords - 2, *n);
	for (int k = 0; k < *n; k++) {
		const char *name = r->words[k + 2];
		col[k] = signal_index(names, nfeatures, name);
		if (col[k] < 0)
			return FAIL(r, "'%s' is not one of pith's signals", name);
		for (int j = 0; j < k; j++)
			if (col[j] == col[k])
				return FAIL(r, "'%s' named twice", name);
	}
	return 0;
}

/* n lines "NAME WEIGHT" naming any of names[0..nnames) in any order,
 * each once, into w[] (one not named keeps its 0); what names the list
 * in messages ("first-stage", "site stage"). */
static int
read_weights(struct reader *r, int n, const char *const *names, int nnames,
	     const char *what, float *w)
{
	bool seen[AUTO_MODEL_MAX_FEATURES] = { false };
	for (int k = 0; k < n; k++) {
		if (need_line(r, "the last weight") < 0)
			return -1;
		if (r->nwords != 2)
			return FAIL(r, "expected 'NAME WEIGHT'");
		int i = signal_index(names, nnames, r->words[0]);
		if (i < 0)
			return FAIL(r, "'%s' is not one of pith's %s signals", r->words[0], what);
		if (seen[i])
			return FAIL(r, "'%s' named twice", r->words[0]);
		seen[i] = true;
		if (get_float(r, r->words[1], names[i], &w[i]) < 0)
			return -1;
	}
	return 0;
}

/* The first stage's weights by name, any of pith's first-stage signals
 * in any order; one not named weighs 0. */
static int
read_stage1(struct reader *r, const char *const *names, int nbase, float *w)
{
	if (need_line(r, "its stage1 line") < 0)
		return -1;
	int n;
	if (r->nwords != 2 || strcmp(r->words[0], "stage1"))
		return FAIL(r, "expected 'stage1 N'");
	if (get_int(r, r->words[1], 0, nbase, "stage1", &n) < 0)
		return -1;
	return read_weights(r, n, names, nbase, "first-stage", w);
}

const char *const site_signal_names[S_COUNT] = {
#define S_NAME(id, name, what) name,
	SITE_SIGNALS(S_NAME)
#undef S_NAME
};
const char *const site_signal_meanings[S_COUNT] = {
#define S_WHAT(id, name, what) what,
	SITE_SIGNALS(S_WHAT)
#undef S_WHAT
};

/* The site stage: "site S", then S weights by name. */
static int
read_site(struct reader *r, float *w)
{
	int n;
	if (r->nwords != 2)
		return FAIL(r, "expected 'site N'");
	if (get_int(r, r->words[1], 0, S_COUNT, "site", &n) < 0)
		return -1;
	return read_weights(r, n, site_signal_names, S_COUNT, "site stage", w);
}

/* One tree's nodes, appended to m's; children become indices into the
 * whole model's nodes. */
static int
read_tree(struct reader *r, struct auto_model *m, struct auto_node **nodes, int *cap,
	  const int *col, int nfeatures, int *parents)
{
	int t = m->ntrees, k;
	if (r->nwords != 3 || strcmp(r->words[0], "tree"))
		return FAIL(r, "expected 'tree %d NODES'", t);
	if (get_int(r, r->words[1], 0, INT_MAX, "tree", &k) < 0)
		return -1;
	if (k != t)
		return FAIL(r, "tree %d where tree %d was due", k, t);
	if (get_int(r, r->words[2], 1, AUTO_MODEL_MAX_TREE_NODES, "nodes", &k) < 0)
		return -1;
	if (t == AUTO_MODEL_MAX_TREES)
		return FAIL(r, "more than %d trees", AUTO_MODEL_MAX_TREES);
	if (k > AUTO_MODEL_MAX_NODES - m->nnodes)
		return FAIL(r, "more than %d nodes in all", AUTO_MODEL_MAX_NODES);
	int root = m->nnodes;
	if (root + k > *cap || !*nodes) {
		while (root + k > *cap)
			*cap = *cap ? 2 * *cap : 1024;
		*nodes = xreallocarray(*nodes, (size_t)*cap, sizeof **nodes);
	}
	memset(parents, 0, (size_t)k * sizeof *parents);
	for (int i = 0; i < k; i++) {
		if (need_line(r, "the tree's last node") < 0)
			return -1;
		if (r->nwords != 5)
			return FAIL(r, "expected 'FEATURE THRESHOLD LEFT RIGHT VALUE'");
		struct auto_node *nd = &(*nodes)[root + i];
		if (get_int(r, r->words[0], -1, nfeatures - 1, "feature", &nd->feature) < 0 ||
		    get_float(r, r->words[1], "threshold", &nd->threshold) < 0 ||
		    get_int(r, r->words[2], -1, k - 1, "left", &nd->left) < 0 ||
		    get_int(r, r->words[3], -1, k - 1, "right", &nd->right) < 0 ||
		    get_float(r, r->words[4], "value", &nd->value) < 0)
			return -1;
		if (nd->feature < 0) {
			if (nd->left != -1 || nd->right != -1)
				return FAIL(r, "a leaf's children are -1 -1");
			continue;
		}
		nd->feature = col[nd->feature];
		/* children after their parent, each of one parent: a tree, so
		 * every path ends at a leaf */
		if (nd->left <= i || nd->right <= i || nd->left == nd->right)
			return FAIL(r, "node %d's children must be two later nodes", i);
		if (parents[nd->left]++ || parents[nd->right]++)
			return FAIL(r, "node %d has two parents",
				    parents[nd->left] > 1 ? nd->left : nd->right);
		nd->left += root;
		nd->right += root;
	}
	for (int i = 1; i < k; i++)
		if (!parents[i])
			return FAIL(r, "node %d of tree %d is no node's child", i, t);
	m->roots = xreallocarray((void *)m->roots, (size_t)t + 1, sizeof *m->roots);
	((int *)m->roots)[t] = root;
	m->nnodes += k;
	m->ntrees++;
	return 0;
}

struct auto_model *
auto_model_parse(const char *text, size_t len, const char *const *names, int nfeatures,
		 int nbase, char *err, size_t errlen)
{
	struct reader r = { .p = text, .end = text + len, .err = err, .errlen = errlen };
	buf_init(&r.copy);
	struct auto_model *m = xcalloc(1, sizeof *m);
	m->nfeatures = nfeatures;
	m->nbase = nbase;
	float *w = xcalloc((size_t)nbase + 1, sizeof *w);
	m->stage1 = w;
	struct auto_node *nodes = NULL;
	int cap = 0, *parents = xmalloc(AUTO_MODEL_MAX_TREE_NODES * sizeof *parents);
	const char *nul = memchr(text, '\0', len);
	if (nul) {
		r.line = 1;
		for (const char *s = text; s < nul; s++)
			r.line += *s == '\n';
		fail(&r, "a NUL byte: not a text file");
		goto bad;
	}
	int col[AUTO_MODEL_MAX_FEATURES], ncols = 0;
	if (nfeatures > AUTO_MODEL_MAX_FEATURES || nbase > nfeatures) {
		fail(&r, "pith has %d signals, more than a model may hold", nfeatures);
		goto bad;
	}
	if (read_features(&r, names, nfeatures, col, &ncols) < 0 ||
	    read_stage1(&r, names, nbase, w) < 0)
		goto bad;
	if (need_line(&r, "its base line") < 0)
		goto bad;
	if (r.nwords != 2 || strcmp(r.words[0], "base")) {
		fail(&r, "expected 'base B'");
		goto bad;
	}
	if (get_float(&r, r.words[1], "base", &m->base) < 0)
		goto bad;
	int rc;
	while ((rc = next_line(&r)) > 0) {
		if (r.nwords >= 1 && !strcmp(r.words[0], "site")) {
			float *sw = xcalloc(S_COUNT, sizeof *sw);
			m->site = sw;
			if (read_site(&r, sw) < 0)
				goto bad;
			if ((rc = next_line(&r)) > 0) {
				fail(&r, "nothing may follow the site stage");
				goto bad;
			}
			break;
		}
		if (read_tree(&r, m, &nodes, &cap, col, ncols, parents) < 0)
			goto bad;
	}
	if (rc < 0)
		goto bad;
	m->nodes = nodes;
	free(parents);
	buf_free(&r.copy);
	return m;
bad:
	free(nodes);
	free(parents);
	buf_free(&r.copy);
	auto_model_free(m);
	return NULL;
}

void
auto_model_free(struct auto_model *m)
{
	if (!m)
		return;
	/* a parsed model owns its arrays; the built-in one is never freed */
	free((void *)m->stage1);
	free((void *)m->roots);
	free((void *)m->nodes);
	free((void *)m->site);
	free(m);
}

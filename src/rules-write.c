/* rules-write.c - site rules from what the inspector shows: body: and
 * strip: expressions that select exactly the kept text, merged into the
 * host's rule file without losing a hand-written line. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rules.h"

/* ---- writing rules from the inspector's choices ---- */

/* An id or class token a site generated (ember123, css-1x2y3z, long
 * hashes) changes between pages: not worth anchoring on. */
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
	return n == 0 || n > 40 || maxrun >= 3 || digits * 3 > (int)n;
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
		/* the class tokens, quote-free and not generated */
		const char *tok[16];
		size_t len[16];
		int nt = 0;
		for (const char *p = cls; *p && nt < 16;) {
			while (*p && isspace((unsigned char)*p))
				p++;
			const char *s = p;
			while (*p && !isspace((unsigned char)*p))
				p++;
			size_t k = (size_t)(p - s);
			if (k && !memchr(s, '\'', k) && !memchr(s, '"', k) &&
			    !rules_looks_generated(s, k)) {
				tok[nt] = s;
				len[nt++] = k;
			}
		}
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
		for (int e = id; e != a && e >= 0; e = d->parent[e]) {
			struct buf step;
			buf_init(&step);
			buf_printf(&step, "/%s[%d]", dom_tagname(d, e), d->pos[e]);
			buf_add(&step, rel.data ? rel.data : "", rel.len);
			rel.len = 0;
			buf_add(&rel, step.data, step.len);
			buf_free(&step);
		}
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

/* The first candidate that yields a non-empty string on this page. */
static const char *
first_working(struct xpath_doc *x, const char *const *cand)
{
	for (; *cand; cand++) {
		char *s = NULL, err[300];
		if (xpath_string(x, *cand, &s, err, sizeof err) == 0 && s) {
			free(s);
			return *cand;
		}
	}
	return NULL;
}

/* Up to two sentences of 30..200 bytes from the text, for test_contains. */
static int
pick_sentences(const char *text, char out[2][256])
{
	int n = 0;
	const char *p = text;
	char last[256] = "";
	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t ll = eol ? (size_t)(eol - p) : strlen(p);
		/* sentences of the line */
		size_t i = 0;
		while (i < ll) {
			size_t s = i;
			while (i < ll && !(strchr(".!?", p[i]) && (i + 1 == ll || p[i + 1] == ' ')))
				i++;
			if (i < ll)
				i++;
			size_t e = i;
			while (s < e && p[s] == ' ')
				s++;
			if (e - s >= 30 && e - s < 200) {
				if (n == 0)
					snprintf(out[n++], 256, "%.*s", (int)(e - s), p + s);
				else
					snprintf(last, sizeof last, "%.*s", (int)(e - s), p + s);
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	if (*last)
		snprintf(out[n++], 256, "%s", last);
	return n;
}

/* ---- what the screen keeps, as body: and strip: ---- */

/* Visible bytes of text node t (not whitespace). */
static int
visible(const struct dom *d, int t)
{
	const char *s = dom_text(d, t);
	int n = 0;
	for (size_t i = 0; i < d->texts[t].len; i++)
		n += !isspace((unsigned char)s[i]);
	return n;
}

struct cover {
	const struct dom *d;
	long *K, *D;         /* kept and dropped visible bytes in each subtree */
	long *ownK;          /* kept bytes of the element's own text nodes */
	uint8_t *strip;      /* elements to strip */
	int *roots, nroots;
};

/* Bodies: an element most of whose text is kept (or that owns kept
 * text) is one; otherwise its children with kept text are tried. */
static void
pick_roots(struct cover *c, int e)
{
	const struct dom *d = c->d;
	if (c->D[e] <= c->K[e] || c->ownK[e] > 0) {
		c->roots[c->nroots++] = e;
		return;
	}
	for (int ch = d->first_child[e]; ch >= 0; ch = d->next_sibling[ch])
		if (c->K[ch] > 0)
			pick_roots(c, ch);
}

/* Inside a body: a child with dropped text and none kept is stripped
 * whole; one with both is looked into. */
static void
pick_strips(struct cover *c, int e)
{
	const struct dom *d = c->d;
	for (int ch = d->first_child[e]; ch >= 0; ch = d->next_sibling[ch]) {
		if (c->D[ch] == 0)
			continue;
		if (c->K[ch] == 0)
			c->strip[ch] = 1;
		else
			pick_strips(c, ch);
	}
}

/* Does stripping every element expr selects lose no kept text and no
 * body?  The selected elements to strip are then marked covered. */
static bool
strip_safe(struct cover *c, struct xpath_doc *x, const char *expr, uint8_t *covered,
	   int *ncover)
{
	int *ids;
	char err[300];
	int n = xpath_select(x, expr, &ids, err, sizeof err);
	bool ok = n > 0;
	for (int k = 0; ok && k < n; k++) {
		int s = ids[k];
		if (c->K[s] > 0)
			ok = false;
		for (int r = 0; ok && r < c->nroots; r++)
			ok = !dom_contains(c->d, s, c->roots[r]);
	}
	*ncover = 0;
	for (int k = 0; ok && k < n; k++) {
		*ncover += c->strip[ids[k]] && !covered[ids[k]];
		covered[ids[k]] = 1;
	}
	free(ids);
	return ok;
}

/* One strip: for element s: a class token that selects only what may go
 * (so one line covers every element of that kind), else its own XPath. */
static void
strip_expr(struct cover *c, struct xpath_doc *x, int s, uint8_t *covered, struct buf *out)
{
	const struct dom *d = c->d;
	const char *cls = dom_attr(d, s, "class");
	struct buf e;
	buf_init(&e);
	if (!cls)
		cls = "";
	for (const char *p = cls; *p;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		const char *t = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		size_t k = (size_t)(p - t);
		if (!k || memchr(t, '\'', k) || memchr(t, '"', k) || rules_looks_generated(t, k))
			continue;
		e.len = 0;
		buf_printf(&e, "//%s", dom_tagname(d, s));
		rules_class_pred(&e, t, k);
		int nc;
		uint8_t *try = xmalloc((size_t)d->n + 1);
		memcpy(try, covered, (size_t)d->n);
		if (strip_safe(c, x, e.data, try, &nc) && try[s]) {
			memcpy(covered, try, (size_t)d->n);
			free(try);
			buf_add(out, e.data, e.len);
			buf_free(&e);
			return;
		}
		free(try);
	}
	buf_free(&e);
	rules_xpath_for(d, x, s, out);
	covered[s] = 1;
}

int
rules_cover(const struct dom *d, struct xpath_doc *x, const uint8_t *content,
	    const uint8_t *mask, struct rule *r)
{
	int n = d->n;
	struct cover c = { .d = d };
	c.K = xcalloc((size_t)n + 1, sizeof *c.K);
	c.D = xcalloc((size_t)n + 1, sizeof *c.D);
	c.ownK = xcalloc((size_t)n + 1, sizeof *c.ownK);
	c.strip = xcalloc((size_t)n + 1, 1);
	c.roots = xmalloc(((size_t)n + 1) * sizeof *c.roots);
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *tx = &d->texts[t];
		if (tx->flags & (TEXT_SKIP | TEXT_BREAK) || tx->elem < 0)
			continue;
		int v = visible(d, t);
		bool kept = mask && mask[tx->elem] ? mask[tx->elem] == 1 : content[tx->block];
		if (kept) {
			c.K[tx->elem] += v;
			c.ownK[tx->elem] += v;
		} else {
			c.D[tx->elem] += v;
		}
	}
	for (int i = n - 1; i > 0; i--)
		if (d->parent[i] >= 0) {
			c.K[d->parent[i]] += c.K[i];
			c.D[d->parent[i]] += c.D[i];
		}
	int nbody = 0;
	if (n > 0 && c.K[0] > 0) {
		/* from the lowest element holding all the kept text */
		int top = 0;
		for (bool moved = true; moved && c.ownK[top] == 0;) {
			moved = false;
			int only = -1, with = 0;
			for (int ch = d->first_child[top]; ch >= 0; ch = d->next_sibling[ch])
				if (c.K[ch] > 0) {
					only = ch;
					with++;
				}
			if (with == 1) {
				top = only;
				moved = true;
			}
		}
		pick_roots(&c, top);
		struct buf e, b;
		buf_init(&e);
		buf_init(&b);
		for (int k = 0; k < c.nroots; k++) {
			e.len = 0;
			rules_xpath_for(d, x, c.roots[k], &e);
			if (b.len)
				buf_adds(&b, " | ");
			buf_add(&b, e.data, e.len);
			pick_strips(&c, c.roots[k]);
		}
		rule_add(r, "body", b.data);
		nbody = c.nroots;
		/* the strips, one line per kind of element where a class says it */
		uint8_t *covered = xcalloc((size_t)n + 1, 1);
		for (int i = 0; i < n; i++) {
			if (!c.strip[i] || covered[i])
				continue;
			e.len = 0;
			strip_expr(&c, x, i, covered, &e);
			bool dup = false;
			for (int k = 0; k < r->nlines && !dup; k++)
				dup = r->lines[k].kind == RULE_DIRECTIVE &&
				      !strcmp(r->lines[k].name, "strip") &&
				      !strcmp(r->lines[k].value, e.data);
			if (!dup)
				rule_add(r, "strip", e.data);
		}
		free(covered);
		buf_free(&e);
		buf_free(&b);
	}
	free(c.K);
	free(c.D);
	free(c.ownK);
	free(c.strip);
	free(c.roots);
	return nbody;
}

/* ---- merging into the host's file ---- */

struct keep_ctx {
	const char *url;
	bool in_test;
	char *test_file;             /* the replaced test's pith_test_file */
	const struct params *p;
};

/* Replaced by the new rule: body lines, pith_algo, pith_set of a
 * parameter the new rule sets, and this page's own test block (its
 * pith_test_file is carried over).  Everything else stays. */
static bool
replaced(const struct rule_line *l, void *arg)
{
	struct keep_ctx *k = arg;
	if (l->kind != RULE_DIRECTIVE)
		return false;
	if (!strcmp(l->name, "test_url"))
		k->in_test = !strcmp(l->value, k->url);
	if (!strcmp(l->name, "body") || !strcmp(l->name, "pith_algo"))
		return true;
	if (!strcmp(l->name, "pith_set")) {
		/* only a parameter the new rule sets again */
		size_t nl = strcspn(l->value, "= ");
		struct params def;
		params_default(&def);
		for (size_t i = 0; k->p && i < params_count; i++)
			if (strlen(params_table[i].name) == nl &&
			    !strncmp(params_table[i].name, l->value, nl))
				return params_get(k->p, &params_table[i]) !=
				       params_get(&def, &params_table[i]);
		return false;
	}
	if (k->in_test && !strcmp(l->name, "pith_test_file")) {
		free(k->test_file);
		k->test_file = xstrdup(l->value);
		return true;
	}
	return k->in_test && (!strcmp(l->name, "test_url") || !strcmp(l->name, "test_contains"));
}

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
	if (is_dir)
		snprintf(written, writtenlen, "%s/%s.txt", rules_dir_or_file, fhost);
	else
		snprintf(written, writtenlen, "%s", rules_dir_or_file);
	return 0;
}

struct rule *
rules_from_choice(const struct rules_choice *ch, const char *path, char *err, size_t errlen)
{
	const struct dom *d = ch->d;
	struct rule *r = NULL;
	struct stat st;
	char host[256] = "";
	if (ch->url)
		rules_url_parts(ch->url, host, sizeof host, NULL);
	if (path && stat(path, &st) == 0) {
		int ne;
		if (rule_read(path, &r, NULL, NULL, &ne, err, errlen) < 0)
			return NULL;
	} else {
		char head[300];
		snprintf(head, sizeof head, "# %s: written by pith's inspector",
			 strncmp(host, "www.", 4) ? host : host + 4);
		r = rule_parse(head, strlen(head), path, NULL, NULL, NULL);
	}
	struct keep_ctx k = { .url = ch->url ? ch->url : "", .p = ch->params };
	rule_drop(r, replaced, &k);

	struct xpath_doc *x = xpath_doc_new(d);
	if (rules_cover(d, x, ch->content, ch->mask, r) == 0) {
		xpath_doc_free(x);
		rule_free(r);
		free(k.test_file);
		snprintf(err, errlen, "nothing to write: no text is kept");
		return NULL;
	}
	static const char *const title_og[] = {
		"//meta[@property='og:title']/@content", "//meta[@name='og:title']/@content", NULL };
	static const char *const title_h1[] = { "//h1", NULL };
	static const char *const title_title[] = { "//title", NULL };
	static const char *const date_meta[] = {
		"//meta[@property='article:published_time']/@content",
		"//meta[@name='article:published_time']/@content",
		"//*[@itemprop='datePublished']/@content",
		"//*[@itemprop='datePublished']/@datetime", NULL };
	static const char *const date_time[] = { "//time/@datetime", NULL };
	const char *t = NULL, *dt = NULL;
	const struct page_meta *meta = ch->meta;
	if (meta && meta->title && meta->title_from) {
		int h1 = dom_tag_id(d, "h1"), nh1 = 0;
		for (int i = 0; h1 >= 0 && i < d->n; i++)
			nh1 += d->tag[i] == h1;
		/* one h1 is the article's title on most sites' every page */
		t = nh1 == 1 ? first_working(x, title_h1) : NULL;
		if (!t && !strcmp(meta->title_from, "og:title"))
			t = first_working(x, title_og);
		if (!t && !strcmp(meta->title_from, "title"))
			t = first_working(x, title_title);
	}
	if (meta && meta->date && meta->date_from) {
		if (!strcmp(meta->date_from, "meta"))
			dt = first_working(x, date_meta);
		else if (!strcmp(meta->date_from, "time"))
			dt = first_working(x, date_time);
	}
	/* a hand-written title: or date: stays */
	if (t && !r->title.n)
		rule_add(r, "title", t);
	if (dt && !r->date.n)
		rule_add(r, "date", dt);
	/* pith's own lines, for pith: the method and its parameters */
	if (ch->algo && ch->algo != METHOD_DEFAULT)
		rule_add(r, "pith_algo", ch->algo->name);
	struct params def;
	params_default(&def);
	struct buf e;
	buf_init(&e);
	for (size_t i = 0; ch->params && i < params_count; i++) {
		const struct param_desc *pd = &params_table[i];
		if (params_get(ch->params, pd) == params_get(&def, pd))
			continue;
		char v[64];
		params_format(ch->params, pd, v, sizeof v);
		e.len = 0;
		buf_printf(&e, "%s=%s", pd->name, v);
		rule_add(r, "pith_set", e.data);
	}
	/* a test from the start and the end of the text */
	if (ch->url) {
		rule_add(r, "test_url", ch->url);
		char *rel = NULL;
		if (ch->page_file && path) {
			/* the page beside the rule, so rules test runs offline */
			char *pf = realpath(ch->page_file, NULL);
			char *dir = xstrdup(path);
			char *slash = strrchr(dir, '/');
			if (slash)
				*slash = '\0';
			char *rd = realpath(slash ? dir : ".", NULL);
			if (pf && rd)
				rel = path_relative(rd, pf);
			free(pf);
			free(rd);
			free(dir);
		}
		if (rel || k.test_file)
			rule_add(r, "pith_test_file", rel ? rel : k.test_file);
		free(rel);
		char sent[2][256];
		int ns = ch->text ? pick_sentences(ch->text, sent) : 0;
		for (int j = 0; j < ns; j++)
			rule_add(r, "test_contains", sent[j]);
	}
	free(k.test_file);
	buf_free(&e);
	xpath_doc_free(x);
	rule_index(r);
	return r;
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

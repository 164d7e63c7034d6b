/* learn.c - a site rule from the loaded pages of a site, verified on each
 * of them before it is written. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "rules/learn.h"
#include "rules/learn-int.h"
#include "run.h"
#include "score.h"
#include "rules/xpath.h"
#include "file.h"

void
learn_out_free(struct learn_out *o)
{
	if (!o)
		return;
	rule_free(o->rule);
	free(o->check);
	buf_free(&o->log);
	buf_free(&o->pins_why);
	memset(o, 0, sizeof *o);
}

/* ---- title: and date: ---- */

/* Does expr give a non-empty string on every page? */
static bool
works_everywhere(struct xpath_doc **x, int n, const char *expr)
{
	for (int i = 0; i < n; i++) {
		char *s = NULL, err[300];
		if (!x[i] || xpath_string(x[i], expr, &s, err, sizeof err) < 0 || !s)
			return false;
		free(s);
	}
	return true;
}

static void
meta_lines(struct rule *r, const struct learn_page *pages, int n)
{
	struct xpath_doc **x = xcalloc((size_t)n, sizeof *x);
	bool one_h1 = true;
	for (int i = 0; i < n; i++) {
		const struct dom *d = pages[i].pg->dom;
		if (!d) {
			one_h1 = false;
			continue;
		}
		x[i] = xpath_doc_new(d);
		int h1 = dom_tag_id(d, "h1"), nh1 = 0;
		for (int e = 0; h1 >= 0 && e < d->n; e++)
			nh1 += d->tag[e] == h1;
		one_h1 &= nh1 == 1;
	}
	const struct page_meta *meta = &pages[0].pg->meta;
	static const char *const title_og[] = {
		"//meta[@property='og:title']/@content", "//meta[@name='og:title']/@content", NULL };
	static const char *const date_meta[] = {
		"//meta[@property='article:published_time']/@content",
		"//meta[@name='article:published_time']/@content",
		"//*[@itemprop='datePublished']/@content",
		"//*[@itemprop='datePublished']/@datetime", NULL };
	const char *t = NULL, *dt = NULL;
	/* one h1 is the article's title on most sites' every page */
	if (meta->title && meta->title_from) {
		if (one_h1 && works_everywhere(x, n, "//h1"))
			t = "//h1";
		for (int k = 0; !t && !strcmp(meta->title_from, "og:title") && title_og[k]; k++)
			if (works_everywhere(x, n, title_og[k]))
				t = title_og[k];
		if (!t && !strcmp(meta->title_from, "title") && works_everywhere(x, n, "//title"))
			t = "//title";
	}
	if (meta->date && meta->date_from) {
		for (int k = 0; !dt && !strcmp(meta->date_from, "meta") && date_meta[k]; k++)
			if (works_everywhere(x, n, date_meta[k]))
				dt = date_meta[k];
		if (!dt && !strcmp(meta->date_from, "time") && works_everywhere(x, n, "//time/@datetime"))
			dt = "//time/@datetime";
	}
	/* a hand-written title: or date: stays */
	if (t && !r->title.n)
		rule_add(r, "title", t);
	if (dt && !r->date.n)
		rule_add(r, "date", dt);
	for (int i = 0; i < n; i++)
		xpath_doc_free(x[i]);
	free(x);
}

/* ---- pith_algo, pith_set ---- */

static bool
setting_replaced(const struct rule_line *l, void *arg)
{
	const struct params *p = arg;
	if (l->kind != RULE_DIRECTIVE)
		return false;
	if (!strcmp(l->name, "pith_algo"))
		return true;
	if (strcmp(l->name, "pith_set"))
		return false;
	/* only a parameter the new rule sets again */
	size_t nl = strcspn(l->value, "= ");
	struct params def;
	params_default(&def);
	for (size_t i = 0; p && i < params_count(); i++) {
		const struct param_desc *pd = params_at(i);
		if (strlen(pd->name) == nl && !strncmp(pd->name, l->value, nl))
			return params_get(p, pd) != params_get(&def, pd);
	}
	return false;
}

static void
setting_lines(struct rule *r, const struct method *m, const struct params *p)
{
	rule_drop(r, setting_replaced, (void *)p);
	if (m && m != METHOD_DEFAULT)
		rule_add(r, "pith_algo", m->name);
	struct params def;
	params_default(&def);
	struct buf e;
	buf_init(&e);
	for (size_t i = 0; p && i < params_count(); i++) {
		const struct param_desc *pd = params_at(i);
		if (params_get(p, pd) == params_get(&def, pd))
			continue;
		char v[64];
		params_format(p, pd, v, sizeof v);
		e.len = 0;
		buf_printf(&e, "%s=%s", pd->name, v);
		rule_add(r, "pith_set", e.data);
	}
	buf_free(&e);
}

/* ---- tests ---- */

/* Is s (n bytes) in any of the other pages' texts? */
static bool
elsewhere(const char *s, size_t n, struct buf *texts, int ntexts, int self)
{
	char *k = xstrndup(s, n);
	bool found = false;
	for (int i = 0; i < ntexts && !found; i++)
		found = i != self && texts[i].data && strstr(texts[i].data, k);
	free(k);
	return found;
}

/* Is s (n bytes) in text? */
static bool
within(const char *s, size_t n, const char *text)
{
	char *k = xstrndup(s, n);
	bool found = text && strstr(text, k);
	free(k);
	return found;
}

/* The first and the last sentence (30 to 200 bytes, cut at . ! ? or 。)
 * of text (the rule's) that the screen shows too and no other page's
 * text holds: a test never asks for what the user pinned out. */
static int
own_sentences(const char *text, const char *screen, struct buf *texts, int ntexts, int self,
	      char out[2][256])
{
	int n = 0;
	char last[256] = "";
	for (const char *p = text; p && *p;) {
		const char *eol = strchr(p, '\n');
		size_t ll = eol ? (size_t)(eol - p) : strlen(p);
		for (size_t i = 0; i < ll;) {
			size_t s = i;
			while (i < ll && !(strchr(".!?", p[i]) && (i + 1 == ll || p[i + 1] == ' ')) &&
			       !(i + 3 <= ll && !memcmp(p + i, "\xe3\x80\x82", 3)))
				i++;
			i += i < ll ? (p[i] == '\xe3' ? 3 : 1) : 0;
			size_t e = i < ll ? i : ll;
			while (s < e && p[s] == ' ')
				s++;
			if (e - s >= 30 && e - s < 200 && within(p + s, e - s, screen) &&
			    !elsewhere(p + s, e - s, texts, ntexts, self)) {
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

/* A line of the page's text that the rule leaves out, for
 * test_not_contains: the first such text node (25 to 150 bytes, on one
 * line) after the rule's last kept one, else the last before its first.
 * A rule that grows over the page's neighbouring boxes then fails. */
static bool
left_out(const struct dom *d, const uint8_t *kept, const char *rule_text,
	 const char *method_text, char *out, size_t outlen)
{
	int first = -1, last = -1;
	for (int t = 0; t < d->ntexts; t++)
		if (kept[t]) {
			if (first < 0)
				first = t;
			last = t;
		}
	if (first < 0)
		return false;
	for (int pass = 0; pass < 2; pass++) {
		int from = pass ? first - 1 : last + 1, step = pass ? -1 : 1;
		for (int t = from; t >= 0 && t < d->ntexts; t += step) {
			const struct dom_text *x = &d->texts[t];
			if (x->flags & (TEXT_SKIP | TEXT_BREAK) || kept[t])
				continue;
			struct buf c;
			buf_init(&c);
			text_collapse(dom_text(d, t), x->len, &c);
			bool ok = c.len >= 25 && c.len <= 150 &&
				  utf8_valid_prefix((const unsigned char *)c.data, c.len) == c.len &&
				  !strstr(rule_text, c.data) && !strstr(method_text, c.data);
			if (ok)
				snprintf(out, outlen, "%s", c.data);
			buf_free(&c);
			if (ok)
				return true;
		}
	}
	return false;
}

/* The page's test block already in the file: the same pith_test_file,
 * or the same address when neither has a file. */
static bool
has_test(const struct rule *r, const char *url, const char *file)
{
	for (int i = 0; i < r->ntests; i++) {
		const struct rule_test *t = &r->tests[i];
		if (file ? t->file && !strcmp(t->file, file) : !t->file && !strcmp(t->url, url))
			return true;
	}
	return false;
}

/* pith_test_file: the page relative to the rule's directory. */
static char *
test_file(const char *page_file, const char *path)
{
	if (!page_file)
		return NULL;
	if (!path)
		return xstrdup(page_file);
	char *rel = NULL;
	char *pf = realpath(page_file, NULL);
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
	return rel;
}

/* ---- the whole ---- */

static struct rule *
open_rule(const char *path, const char *url, char *err, size_t errlen)
{
	struct stat st;
	struct rule *r = NULL;
	if (path && stat(path, &st) == 0) {
		int ne;
		if (rule_read(path, &r, NULL, NULL, &ne, err, errlen) < 0)
			return NULL;
		return r;
	}
	char host[256] = "", head[300];
	if (url)
		rules_url_parts(url, host, sizeof host, NULL);
	snprintf(head, sizeof head, "# %s: written by pith", strncmp(host, "www.", 4) ? host : host + 4);
	return rule_parse(head, strlen(head), path, NULL, NULL, NULL);
}

/* The values of the file's own body: lines, to say which serve none of
 * the pages. */
static char **
old_body_values(const struct rule *r, int *nold)
{
	char **v = xcalloc((size_t)r->body.n + 1, sizeof *v);
	int k = 0;
	for (int i = 0; i < r->nlines; i++)
		if (r->lines[i].kind == RULE_DIRECTIVE && !strcmp(r->lines[i].name, "body"))
			v[k++] = xstrdup(r->lines[i].value);
	*nold = k;
	return v;
}

/* The method's text on every page into screen[], and the texts it keeps
 * into lp[]: the pages with a tree. */
static int
method_texts(const struct learn_page *pages, int n, const struct method *m,
	     const struct params *p, struct buf *screen, struct rules_learn_page *lp)
{
	int usable = 0;
	for (int i = 0; i < n; i++) {
		struct run run;
		run_init(&run);
		struct run_input in = { .method = m, .params = p, .index = -1, .pins = pages[i].pins };
		buf_init(&screen[i]);
		lp[i].d = pages[i].pg->dom;
		if (lp[i].d) {
			run_page(&run, pages[i].pg, &in);
			buf_add(&screen[i], run.text.data, run.text.len);
			uint8_t *k = learn_kept_texts(&run, lp[i].d);
			/* pinned in: the user's, never the template's (rules.h) */
			for (int t = 0; run.masked && t < lp[i].d->ntexts; t++)
				if (k[t] && lp[i].d->texts[t].elem >= 0 &&
				    run.mask[lp[i].d->texts[t].elem] == PIN_IN)
					k[t] = 3;
			lp[i].kept = k;
			usable++;
		}
		run_free(&run);
	}
	return usable;
}

/* An expression rules check would refuse: -1 with the reason. */
static int
check_sizes(const struct rule *r, char *err, size_t errlen)
{
	for (int i = 0; i < r->nlines; i++) {
		const struct rule_line *l = &r->lines[i];
		if (l->kind == RULE_DIRECTIVE && strlen(l->value) > XPATH_MAX_EXPR) {
			snprintf(err, errlen, "the %s: expression learnt is %zu bytes, over the %d "
				 "that rules check accepts", l->name, strlen(l->value), XPATH_MAX_EXPR);
			return -1;
		}
	}
	return 0;
}

/* The rule applied to every page, both ways (as pith and as ftr readers
 * apply it), before anything is written: each page's figures in out, its
 * text with the rule in ruled[], the texts kept in rkept[]. */
static void
apply_everywhere(const struct learn_page *pages, int n, const struct rule *r,
		 const struct method *m, const struct params *p, const struct buf *screen,
		 struct learn_out *out, struct buf *ruled, uint8_t **rkept)
{
	out->check = xcalloc((size_t)n, sizeof *out->check);
	out->npages = n;
	out->worst_f = 2;
	for (int i = 0; i < n; i++) {
		struct learn_check *c = &out->check[i];
		/* a run with the rule puts its title:, date: and author: in
		 * the page's metadata: the page keeps its own */
		struct page_meta keep = pages[i].pg->meta;
		pages[i].pg->meta.title = keep.title ? xstrdup(keep.title) : NULL;
		pages[i].pg->meta.date = keep.date ? xstrdup(keep.date) : NULL;
		pages[i].pg->meta.author = keep.author ? xstrdup(keep.author) : NULL;
		run_rule_check(pages[i].pg, r, m, p, screen[i].data ? screen[i].data : "",
			       screen[i].len, &c->f_ftr, &c->f_pith);
		free(pages[i].pg->meta.title);
		free(pages[i].pg->meta.date);
		free(pages[i].pg->meta.author);
		pages[i].pg->meta = keep;
		struct run run;
		learn_run_rule(&run, pages[i].pg, r, m, p);
		buf_init(&ruled[i]);
		buf_add(&ruled[i], run.text.data, run.text.len);
		buf_adds(&ruled[i], "");
		c->body_line = run.outcome.body_line;
		if (pages[i].pg->dom)
			rkept[i] = learn_kept_texts(&run, pages[i].pg->dom);
		run_free(&run);
		double f = c->f_pith < c->f_ftr ? c->f_pith : c->f_ftr;
		if (f < out->worst_f) {
			out->worst_f = f;
			out->worst = i;
		}
	}
}

/* The file's body: lines that select nothing on these pages are kept,
 * and said. */
static void
say_unused(const struct learn_page *pages, int n, const struct rule *r,
	   char *const *old_v, int nold, struct buf *log)
{
	for (int k = 0; k < nold; k++) {
		bool used = false;
		for (int i = 0; i < n && !used; i++) {
			if (!pages[i].pg->dom)
				continue;
			struct xpath_doc *x = xpath_doc_new(pages[i].pg->dom);
			int *ids = NULL;
			char e[300];
			used = xpath_select(x, old_v[k], &ids, e, sizeof e) > 0;
			free(ids);
			xpath_doc_free(x);
		}
		int line = 0;
		for (int j = 0; j < r->body.n && !line; j++)
			if (!strcmp(r->body.v[j], old_v[k]))
				line = r->body.line[j];
		if (!used)
			buf_printf(log, "body: line %d selects nothing on the %d page%s "
				   "loaded; kept, it may serve another layout\n", line, n,
				   n == 1 ? "" : "s");
	}
}

const char *
learn_page_url(const struct page *pg, const char *site, char *buf, size_t len)
{
	const char *c = pg->meta.canonical;
	if (!c || (strncasecmp(c, "http://", 7) && strncasecmp(c, "https://", 8)))
		return NULL;
	const char *u = rules_unarchive(c, buf, len) ? buf : c;
	return !site || rules_same_site(u, site) ? u : NULL;
}

/* A test for each page learnt from that has an address: its own (its
 * canonical link or og:url, an archive's original), or the one given
 * for it; its file, sentences of its own the rule keeps, one the
 * method's text had that the rule leaves out. */
static void
add_tests(const struct learn_page *pages, int n, struct rule *r, const char *url,
	  const char *path, struct buf *ruled, uint8_t *const *rkept, const struct buf *screen,
	  struct buf *log)
{
	int none = 0;
	for (int i = 0, nt = 0; i < n && nt < LEARN_MAX_TESTS; i++) {
		char own[2048];
		const char *u = pages[i].url ? pages[i].url :
				learn_page_url(pages[i].pg, url, own, sizeof own);
		char *rel = test_file(pages[i].file, path);
		if (!u)
			none++;
		if (!u || has_test(r, u, rel)) {
			free(rel);
			continue;
		}
		nt++;
		rule_add(r, "test_url", u);
		if (rel)
			rule_add(r, "pith_test_file", rel);
		free(rel);
		char sent[2][256];
		int ns = own_sentences(ruled[i].data, screen[i].data, ruled, n, i, sent);
		for (int j = 0; j < ns; j++)
			rule_add(r, "test_contains", sent[j]);
		char no[256];
		if (rkept[i] && pages[i].pg->dom &&
		    left_out(pages[i].pg->dom, rkept[i], ruled[i].data,
			     screen[i].data ? screen[i].data : "", no, sizeof no))
			rule_add(r, "test_not_contains", no);
	}
	if (none && log)
		buf_printf(log, "%d page%s name%s no address of %s own on the site: no test for %s\n",
			   none, none == 1 ? "" : "s", none == 1 ? "s" : "", none == 1 ? "its" : "their",
			   none == 1 ? "it" : "them");
}

int
learn_rule(const struct learn_page *pages, int n, const char *url,
	   const struct method *m, const struct params *p, const char *path,
	   struct learn_out *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	buf_init(&out->log);
	buf_init(&out->pins_why);
	struct rule *r = open_rule(path, url, err, errlen);
	if (!r)
		return -1;
	int nold;
	char **old_v = old_body_values(r, &nold);
	struct buf *screen = xcalloc((size_t)n, sizeof *screen);
	struct rules_learn_page *lp = xcalloc((size_t)n, sizeof *lp);
	int usable = method_texts(pages, n, m, p, screen, lp);
	/* pages with no tree (lb's own) are left out of the learning */
	struct rules_learn_page *lv = xcalloc((size_t)n + 1, sizeof *lv);
	int nl = 0;
	for (int i = 0; i < n; i++)
		if (lp[i].d)
			lv[nl++] = lp[i];
	struct rules_learn_why why = { .page = -1, .expr = "" };
	int nbody = usable ? rules_learn_lines(lv, nl, r, &out->log, &why) : 0;
	int rc = 0;
	if (nbody == 0 && r->body.n == 0) {
		/* which page disagrees, and why */
		int kept = 0;
		for (int i = 0; i < nl; i++)
			for (int t = 0; t < lv[i].d->ntexts && !kept; t++)
				kept = lv[i].kept[t] != 0;
		const char *name = NULL;
		for (int i = 0, k = 0; i < n && why.page >= 0; i++)
			if (lp[i].d && k++ == why.page)
				name = pages[i].file ? pages[i].file : pages[i].url;
		if (!kept)
			snprintf(err, errlen, "nothing to write: the method keeps no text on any page");
		else if (why.expr[0] && name)
			snprintf(err, errlen, "nothing to write: no expression selects the kept text on "
				 "every page; the best, %s, selects nothing on %s", why.expr, name);
		else
			snprintf(err, errlen, "nothing to write: no id, class, path from a stable "
				 "ancestor or table shape holds the kept text");
		rc = -1;
	}
	free(lv);
	if (rc == 0) {
		rule_index(r);
		const uint8_t **shown = xcalloc((size_t)n + 1, sizeof *shown);
		for (int i = 0; i < n; i++)
			shown[i] = lp[i].kept;
		out->unexpressed = learn_pin_lines(pages, n, shown, r, m, p, &out->log, &out->pins_why);
		free(shown);
		rc = check_sizes(r, err, errlen);
	}
	if (rc == 0) {
		rule_index(r);
		meta_lines(r, pages, n);
		setting_lines(r, m, p);
		rule_index(r);
		struct buf *ruled = xcalloc((size_t)n, sizeof *ruled);
		uint8_t **rkept = xcalloc((size_t)n + 1, sizeof *rkept);
		apply_everywhere(pages, n, r, m, p, screen, out, ruled, rkept);
		say_unused(pages, n, r, old_v, nold, &out->log);
		add_tests(pages, n, r, url, path, ruled, rkept, screen, &out->log);
		rule_index(r);
		for (int i = 0; i < n; i++) {
			buf_free(&ruled[i]);
			free(rkept[i]);
		}
		free(ruled);
		free(rkept);
	}
	for (int i = 0; i < n; i++) {
		buf_free(&screen[i]);
		free((void *)lp[i].kept);
	}
	free(screen);
	free(lp);
	for (int i = 0; i < nold; i++)
		free(old_v[i]);
	free(old_v);
	if (rc < 0) {
		rule_free(r);
		buf_free(&out->log);
		buf_free(&out->pins_why);
		free(out->check);
		memset(out, 0, sizeof *out);
		return -1;
	}
	out->rule = r;
	return 0;
}

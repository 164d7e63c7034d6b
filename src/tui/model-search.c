/* model-search.c - the inspector's search: a query read as words, as the
 * tree writes an element ("div#main.article", "p+1"), as CSS or as XPath;
 * the elements it matches, and the XPath of a site rule's lines with what
 * each selects on the page.  No curses; the state is model.h's. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/model.h"
#include "rules/css.h"
#include "rules/rules.h"

static bool
ci_contains(const char *h, size_t hn, const char *q, size_t qn)
{
	if (qn == 0 || qn > hn)
		return false;
	for (size_t i = 0; i + qn <= hn; i++) {
		size_t k = 0;
		while (k < qn) {
			unsigned char a = (unsigned char)h[i + k], b = (unsigned char)q[k];
			if (a >= 'A' && a <= 'Z')
				a += 32;
			if (b >= 'A' && b <= 'Z')
				b += 32;
			if (a != b)
				break;
			k++;
		}
		if (k == qn)
			return true;
	}
	return false;
}

static void
own_texts(struct tui_model *m)
{
	if (m->own_first)
		return;
	const struct dom *d = m->d;
	m->own_first = xmalloc(((size_t)m->n + 1) * sizeof(int));
	m->own_next = xmalloc(((size_t)d->ntexts + 1) * sizeof(int));
	for (int i = 0; i <= m->n; i++)
		m->own_first[i] = -1;
	for (int t = d->ntexts - 1; t >= 0; t--) {
		int e = d->texts[t].elem;
		if (e < 0 || e >= m->n)
			continue;
		m->own_next[t] = m->own_first[e];
		m->own_first[e] = t;
	}
}

/* Does the whitespace-separated attribute value v hold token t (n bytes)? */
static bool
has_token(const char *v, const char *t, size_t n)
{
	while (v && *v) {
		while (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r' || *v == '\f')
			v++;
		size_t k = strcspn(v, " \t\n\r\f");
		if (k == n && !strncmp(v, t, n))
			return true;
		v += k;
	}
	return false;
}

/* Does the class attribute v hold a token that starts with t (n bytes)? */
static bool
has_token_prefix(const char *v, const char *t, size_t n)
{
	while (v && *v) {
		v += strspn(v, " \t\n\r\f");
		size_t k = strcspn(v, " \t\n\r\f");
		if (k >= n && !strncmp(v, t, n))
			return true;
		v += k;
	}
	return false;
}

static int
count_tokens(const char *v)
{
	int k = 0;
	while (v && *v) {
		v += strspn(v, " \t\n\r\f");
		size_t n = strcspn(v, " \t\n\r\f");
		if (!n)
			break;
		k++;
		v += n;
	}
	return k;
}

/* A query written as the tree writes elements, "p.byline", "div#main",
 * ".copy", "#top", and as it shortens them to fit: "div#main-cont~" (a
 * token cut short matches the tokens it starts), "div.a.b+2" and "p+1"
 * (classes not shown): the tag (if given) and every step must hold.  -1 when q is no
 * such selector. */
static int
selector_matches(const struct dom *d, int i, const char *q)
{
	if (!strpbrk(q, ".#+") || q[strspn(q, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
					 "0123456789_-.#:~+")])
		return -1;
	const char *plus = strchr(q, '+');
	int more = 0;
	size_t qn = strlen(q);
	if (plus) {
		/* only as the end, "+N" */
		if (!plus[1] || plus[strspn(plus + 1, "0123456789") + 1])
			return -1;
		more = atoi(plus + 1);
		qn = (size_t)(plus - q);
	}
	const char *p = q, *end = q + qn;
	size_t tl = strcspn(p, ".#");
	if (tl > qn)
		tl = qn;
	if (tl) {
		/* "3.5" or "www.example" are text: the tag must be one the page has */
		char tag[32];
		if (tl >= sizeof tag)
			return -1;
		memcpy(tag, p, tl);
		tag[tl] = '\0';
		for (char *c = tag; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		if (dom_tag_id(d, tag) < 0)
			return -1;
		if (strcmp(dom_tagname(d, i), tag))
			return 0;
	}
	p += tl;
	int nclass = 0;
	while (p < end) {
		char kind = *p++;
		size_t n = strcspn(p, ".#");
		if (p + n > end)
			n = (size_t)(end - p);
		bool cut = n > 0 && p[n - 1] == '~';
		if (cut)
			n--;
		if (!n || memchr(p, '~', n))
			return -1;
		const char *v = dom_attr(d, i, kind == '#' ? "id" : "class");
		bool hit;
		if (kind == '#')
			hit = v && (cut ? strlen(v) > n : strlen(v) == n) && !strncmp(v, p, n);
		else
			hit = cut ? has_token_prefix(v, p, n) : has_token(v, p, n);
		if (!hit)
			return 0;
		nclass += kind == '.';
		p += n + cut;
	}
	if (more && count_tokens(dom_attr(d, i, "class")) < nclass + more)
		return 0;
	return 1;
}

bool
model_matches(const struct tui_model *m, int i, const char *q)
{
	const struct dom *d = m->d;
	if (model_query_is_xpath(q))
		return m->xmatch && m->xmatch[i];
	int sel = selector_matches(d, i, q);
	if (sel >= 0)
		return sel;
	size_t qn = strlen(q);
	const char *s = dom_tagname(d, i);
	if (ci_contains(s, strlen(s), q, qn))
		return true;
	if ((s = dom_attr(d, i, "id")) && ci_contains(s, strlen(s), q, qn))
		return true;
	if ((s = dom_attr(d, i, "class")) && ci_contains(s, strlen(s), q, qn))
		return true;
	for (int t = m->own_first[i]; t >= 0; t = m->own_next[t]) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		if (ci_contains(dom_text(d, t), d->texts[t].len, q, qn))
			return true;
	}
	return false;
}

/* A CSS selector: after "css:", or a query holding '[', '>' or ':' that
 * reads as one ("Note: see" and "12:30" do not); its XPath into x. */
static bool
query_css(const char *q, struct buf *x, char *err, size_t errlen)
{
	if (!strncmp(q, "css:", 4))
		return css_to_xpath(q + 4, x, err, errlen) == 0 || (x->len = 0, false);
	if (!strpbrk(q, "[>:"))
		return false;
	char scratch[200];
	if (css_to_xpath(q, x, scratch, sizeof scratch) == 0)
		return true;
	x->len = 0;
	return false;
}

const char *
model_query_lang(const char *q)
{
	if (q[0] == '/' || q[0] == '(')
		return "XPath";
	if (!strncmp(q, "css:", 4))
		return "CSS";
	struct buf x;
	buf_init(&x);
	char err[200];
	bool css = query_css(q, &x, err, sizeof err);
	buf_free(&x);
	return css ? "CSS" : NULL;
}

bool
model_query_is_xpath(const char *q)
{
	return model_query_lang(q) != NULL;
}

/* An XPath query, or a CSS selector read as one: what it selects, in
 * m->xmatch; false with m->xerr. */
static bool
xpath_query(struct tui_model *m, const char *q)
{
	struct buf css;
	buf_init(&css);
	if (q[0] != '/' && q[0] != '(') {
		if (!query_css(q, &css, m->xerr, sizeof m->xerr)) {
			buf_free(&css);
			return false;
		}
		q = css.data;
	}
	struct xpath_doc *x = xpath_doc_new(m->d);
	int *ids = NULL;
	int n = xpath_select(x, q, &ids, m->xerr, sizeof m->xerr);
	xpath_doc_free(x);
	buf_free(&css);
	free(m->xmatch);
	m->xmatch = NULL;
	if (n < 0)
		return false;
	m->xmatch = xcalloc((size_t)m->n + 1, 1);
	for (int k = 0; k < n; k++)
		m->xmatch[ids[k]] = 1;
	free(ids);
	return true;
}

void
model_rule_line_expr(const struct rule_line *l, struct buf *out)
{
	bool cls = !strcmp(l->name, "strip_id_or_class"), img = !strcmp(l->name, "strip_image_src");
	if (!cls && !img) {
		buf_adds(out, l->value);
		return;
	}
	char *v = rules_unquoted(l->value);
	if (cls)
		buf_printf(out, "//*[contains(concat(' ',normalize-space(@class),' '),' %s ') or "
			   "contains(concat(' ',normalize-space(@id),' '),' %s ')]", v, v);
	else
		buf_printf(out, "//img[contains(@src,'%s')]", v);
	free(v);
}

int
model_rule_lines(struct tui_model *m, int *lines, int *counts, int max)
{
	const struct rule *r = m->rule;
	if (!r || !m->d)
		return 0;
	static const char *const sel[] = {
		"strip", "strip_attr", "strip_id_or_class", "strip_image_src", "body", "title",
		"date", "author", "pith_pin", "pith_unpin", "next_page_link", "single_page_link",
	};
	struct xpath_doc *x = xpath_doc_new(m->d);
	int n = 0;
	/* the strips in turn, then body on what they left, then the rest on
	 * the whole page: as rules_select() applies them */
	for (int pass = 0; pass < 3; pass++) {
		if (pass == 2)
			xpath_restore(x);
		for (int i = 0; i < r->nlines && n < max; i++) {
			const struct rule_line *l = &r->lines[i];
			if (l->kind != RULE_DIRECTIVE)
				continue;
			size_t k = 0;
			while (k < sizeof sel / sizeof *sel && strcmp(sel[k], l->name))
				k++;
			if (k == sizeof sel / sizeof *sel || (k < 4) != (pass == 0) ||
			    (k == 4) != (pass == 1))
				continue;
			struct buf e;
			buf_init(&e);
			model_rule_line_expr(l, &e);
			int *ids = NULL, *texts = NULL, nt = 0;
			char err[300];
			int c = pass == 0 ? xpath_strip(x, e.data, &ids, &texts, &nt, err, sizeof err)
					  : xpath_select(x, e.data, &ids, err, sizeof err);
			lines[n] = i;
			counts[n++] = c < 0 ? -1 : c + nt;
			free(ids);
			free(texts);
			buf_free(&e);
		}
	}
	xpath_doc_free(x);
	return n;
}

int
model_search(struct tui_model *m, const char *q, int dir, bool *wrapped)
{
	if (q != m->query)
		snprintf(m->query, sizeof m->query, "%s", q);
	own_texts(m);
	*wrapped = false;
	m->nmatches = 0;
	m->match_rank = 0;
	free(m->xmatch);
	m->xmatch = NULL;
	m->xerr[0] = '\0';
	if (model_query_is_xpath(m->query) && !xpath_query(m, m->query))
		return -2;
	int first = -1, last = -1, next = -1, prev = -1;
	for (int i = 0; i < m->n; i++) {
		if (!model_matches(m, i, m->query))
			continue;
		m->nmatches++;
		if (first < 0)
			first = i;
		last = i;
		if (i > m->sel && next < 0)
			next = i;
		if (i < m->sel)
			prev = i;
	}
	int found = dir > 0 ? next : prev;
	if (found < 0 && m->nmatches) {
		found = dir > 0 ? first : last;
		*wrapped = true;
	}
	if (found < 0)
		return -1;
	for (int i = 0; i <= found; i++)
		if (model_matches(m, i, m->query))
			m->match_rank++;
	model_select(m, found);
	return found;
}

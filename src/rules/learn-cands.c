/* learn-cands.c - the candidate expressions the learner of body: and
 * strip: lines judges: XPath built from an element's stable attributes (id,
 * itemprop, role, class tokens, semantic tags), from a stable ancestor, and
 * from the text a recurring notice shares; kept in a struct cands without
 * repeats, and put under a body's scope.  Nothing here knows the pages'
 * kept text: judging the candidates is learn-lines.c's. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules/learn-int.h"
#include "rules/rules-int.h"

void
learn_cand_add(struct cands *c, const char *s)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->v[i], s))
			return;
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 32;
		c->v = xreallocarray(c->v, (size_t)c->cap, sizeof *c->v);
	}
	c->v[c->n++] = xstrdup(s);
}

void
learn_cands_free(struct cands *c)
{
	for (int i = 0; i < c->n; i++)
		free(c->v[i]);
	free(c->v);
	memset(c, 0, sizeof *c);
}

/* Tags that name what they hold on every page of any site. */
static bool
semantic(const char *tag, bool for_strip)
{
	static const char *const body[] = { "article", "main" };
	/* not ul, table or header: those hold an article's lists, tables
	 * and headline as often as a template's boxes, and only their text's
	 * length would tell which */
	static const char *const strip[] = { "aside", "nav", "form", "footer", "iframe",
		"noscript", "button", "select", "figure", "figcaption" };
	const char *const *l = for_strip ? strip : body;
	size_t n = for_strip ? sizeof strip / sizeof *strip : sizeof body / sizeof *body;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(l[i], tag))
			return true;
	return false;
}

static bool
quotable(const char *s, size_t n)
{
	return n > 0 && !memchr(s, '\'', n) && !memchr(s, '"', n);
}

/* Is attr, white space aside, the token tok (n bytes) alone? */
static bool
whole_attr(const char *attr, const char *tok, size_t n)
{
	while (*attr && isspace((unsigned char)*attr))
		attr++;
	if (strncmp(attr, tok, n))
		return false;
	for (attr += n; *attr; attr++)
		if (!isspace((unsigned char)*attr))
			return false;
	return true;
}

/* Expressions for element e from its own stable attributes. */
void
learn_own_cands(const struct dom *d, int e, bool for_strip, struct cands *c)
{
	const char *tag = dom_tagname(d, e);
	struct buf b;
	buf_init(&b);
	const char *idv = dom_attr(d, e, "id");
	if (idv && quotable(idv, strlen(idv)) && !rules_looks_generated(idv, strlen(idv))) {
		/* an id names one element whatever its tag, on any layout */
		buf_printf(&b, "//*[@id='%s']", idv);
		learn_cand_add(c, b.data);
	}
	static const char *const attrs[] = { "itemprop", "role" };
	for (size_t a = 0; a < 2; a++) {
		const char *v = dom_attr(d, e, attrs[a]);
		if (v && quotable(v, strlen(v)) && strlen(v) < 40) {
			b.len = 0;
			buf_printf(&b, "//%s[@%s='%s']", tag, attrs[a], v);
			learn_cand_add(c, b.data);
		}
	}
	const char *tok[12];
	size_t len[12];
	const char *cls = dom_attr(d, e, "class");
	int nt = rules_class_tokens(cls, tok, len, 12);
	if (nt == 1 && whole_attr(cls, tok[0], len[0])) {
		/* the token is the whole attribute: said as such, which the
		 * judge prefers on equal figures, being shorter */
		b.len = 0;
		buf_printf(&b, "//%s[@class='%.*s']", tag, (int)len[0], tok[0]);
		learn_cand_add(c, b.data);
	}
	for (int a = 0; a < nt; a++) {
		b.len = 0;
		buf_printf(&b, "//%s", tag);
		rules_class_pred(&b, tok[a], len[a]);
		learn_cand_add(c, b.data);
	}
	for (int a = 0; a + 1 < nt && a < 3; a++) {
		b.len = 0;
		buf_printf(&b, "//%s", tag);
		rules_class_pred(&b, tok[a], len[a]);
		rules_class_pred(&b, tok[a + 1], len[a + 1]);
		learn_cand_add(c, b.data);
	}
	if (semantic(tag, for_strip)) {
		b.len = 0;
		buf_printf(&b, "//%s", tag);
		learn_cand_add(c, b.data);
	}
	buf_free(&b);
}

/* An expression for the nearest ancestor of e (below body) with an id
 * or class, into out; false when there is none. */
bool
learn_anchor_expr(const struct dom *d, int e, int *anc, struct buf *out)
{
	struct cands c = { 0 };
	for (int a = d->parent[e]; a >= 0 && a != d->body; a = d->parent[a]) {
		learn_own_cands(d, a, false, &c);
		if (c.n) {
			buf_adds(out, c.v[0]);
			*anc = a;
			learn_cands_free(&c);
			return true;
		}
	}
	learn_cands_free(&c);
	return false;
}

/* e's text, white space collapsed, into t (at most tn - 4 bytes); false
 * when it holds a quote (no XPath literal for it here) or is under 4
 * bytes. */
static bool
collapsed_text(const struct dom *d, int e, char *t, size_t tn, size_t *len)
{
	size_t n = 0;
	bool space = false;
	for (int k = d->text_begin[e]; k < d->text_end[e] && n + 4 < tn; k++) {
		const char *s = dom_text(d, k);
		for (size_t i = 0; i < d->texts[k].len && n + 4 < tn; i++) {
			unsigned char ch = (unsigned char)s[i];
			if (isspace(ch)) {
				space = n > 0;
				continue;
			}
			if (ch == '\'' || ch == '"')
				return false;
			if (space)
				t[n++] = ' ';
			space = false;
			t[n++] = (char)ch;
		}
	}
	*len = n;
	return n >= 4;
}

/* Patterns of e's text that a recurring notice would share, added to c:
 * its whole text when short (with what follows it among its siblings: a
 * marker such as "ALSO" or "Related" before the links it heads), its
 * lead up to a colon ("Read more:"), else its first three words. */
void
learn_text_patterns(const struct dom *d, int e, const char *tag, struct cands *c)
{
	char t[200];
	size_t n;
	if (!collapsed_text(d, e, t, sizeof t, &n))
		return;
	struct buf b;
	buf_init(&b);
	bool whole = n <= 40 && d->text_end[e] - d->text_begin[e] <= 3 &&
		     d->text_end[e] - d->text_begin[e] > 0;
	if (whole) {
		buf_printf(&b, "//%s[normalize-space(.)='%.*s']", tag, (int)n, t);
		learn_cand_add(c, b.data);
		/* the marker and what follows it: from a copy, since b grows */
		char *marker = xstrdup(b.data);
		buf_printf(&b, " | %s/following-sibling::*", marker);
		free(marker);
		learn_cand_add(c, b.data);
	}
	const char *colon = memchr(t, ':', n < 25 ? n : 25);
	if (colon && colon - t >= 4 && (size_t)(colon - t) + 1 < n) {
		b.len = 0;
		buf_printf(&b, "//%s[starts-with(normalize-space(.),'%.*s')]", tag,
			   (int)(colon - t + 1), t);
		learn_cand_add(c, b.data);
	}
	if (!whole) {
		/* the first three words, cut at a character's start */
		size_t w = 0, i = 0;
		for (; i < n && w < 3; i++)
			if (t[i] == ' ')
				w++;
		size_t cut = i ? i - 1 : 0;
		while (cut > 0 && ((unsigned char)t[cut] & 0xC0) == 0x80)
			cut--;
		if (w == 3 && cut >= 12) {
			b.len = 0;
			buf_printf(&b, "//%s[starts-with(normalize-space(.),'%.*s')]", tag, (int)cut, t);
			learn_cand_add(c, b.data);
		}
	}
	buf_free(&b);
}

/* Does all of e's text sit inside links? */
bool
learn_all_link_text(const struct dom *d, int e, int a_tag)
{
	int seen = 0;
	for (int k = d->text_begin[e]; k < d->text_end[e]; k++) {
		const struct dom_text *x = &d->texts[k];
		const char *s = dom_text(d, k);
		bool blank = true;
		for (size_t i = 0; i < x->len && blank; i++)
			blank = isspace((unsigned char)s[i]);
		if (blank || x->flags & (TEXT_SKIP | TEXT_BREAK))
			continue;
		bool in_a = false;
		for (int q = x->elem; q >= 0 && q != d->parent[e] && !in_a; q = d->parent[q])
			in_a = d->tag[q] == a_tag;
		if (!in_a)
			return false;
		seen++;
	}
	return seen > 0;
}

/* Each branch of a union of "//..." paths, put under scope: a strip:
 * that reaches only into the body can never take the body away on a
 * page whose layout the learnt pages do not show. */
void
learn_scope_cands(struct cands *c, const char *scope)
{
	bool paren = strstr(scope, " | ") != NULL;
	for (int i = 0; i < c->n; i++) {
		struct buf b;
		buf_init(&b);
		const char *v = c->v[i];
		char q = 0;
		for (size_t k = 0; v[k]; k++) {
			bool branch = !q && v[k] == '/' && v[k + 1] == '/' &&
				      (k == 0 || (k >= 3 && !strncmp(v + k - 3, " | ", 3)));
			if (branch)
				buf_printf(&b, paren ? "(%s)" : "%s", scope);
			if (q ? v[k] == q : (v[k] == '\'' || v[k] == '"'))
				q = q ? 0 : v[k];
			buf_addc(&b, v[k]);
		}
		free(c->v[i]);
		c->v[i] = xstrdup(b.data);
		buf_free(&b);
	}
}

/* The id and class tokens the last step of expr tests (@id='X',
 * @class='X', the concat idiom's ' X '), at most max, copied into tok;
 * *single when that step is //TAG[one such test] and nothing else. */
int
learn_step_tokens(const char *expr, char tok[][128], int max, bool *single)
{
	const char *last = expr;
	char q = 0;
	for (const char *p = expr; *p; p++) {
		if (q ? *p == q : (*p == '\'' || *p == '"'))
			q = q ? 0 : *p;
		else if (!q && p[0] == '/' && p[1] == '/')
			last = p;
	}
	int n = 0, preds = 0;
	for (const char *p = last; *p; p++)
		preds += *p == '[';
	static const char *const forms[] = { "@id='", "@class='", "),' " };
	for (size_t f = 0; f < 3; f++)
		for (const char *p = strstr(last, forms[f]); p && n < max;
		     p = strstr(p + 1, forms[f])) {
			const char *s = p + strlen(forms[f]);
			size_t k = strcspn(s, f == 2 ? " '" : "'");
			if (k == 0 || k >= 128)
				continue;
			memcpy(tok[n], s, k);
			tok[n++][k] = '\0';
		}
	*single = n == 1 && preds == 1 && last[strlen(last) - 1] == ']';
	return n;
}

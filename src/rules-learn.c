/* rules-learn.c - body: and strip: lines learnt from several pages of a
 * site: expressions built from what is stable across the pages (ids,
 * class tokens, itemprop, role, semantic tags, recurring text), each
 * judged on every page by the text it keeps and drops. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "rules-int.h"

/* ---- one page's figures ---- */

struct lp {
	const struct dom *d;
	struct xpath_doc *x;
	int *end;            /* end[e]: one past e's last descendant (ids are pre-order) */
	long *PK, *PD;       /* prefix sums of kept / dropped visible bytes by element */
	long totK;
	uint8_t *in;         /* in the body chosen */
	uint8_t *cut;        /* removed by a strip: chosen */
};

static long
sub_k(const struct lp *p, int e)
{
	return p->PK[p->end[e]] - p->PK[e];
}

static long
sub_d(const struct lp *p, int e)
{
	return p->PD[p->end[e]] - p->PD[e];
}

static int
visible_bytes(const struct dom *d, int t)
{
	const char *s = dom_text(d, t);
	int n = 0;
	for (size_t i = 0; i < d->texts[t].len; i++)
		n += !isspace((unsigned char)s[i]);
	return n;
}

static void
lp_init(struct lp *p, const struct rules_learn_page *in)
{
	const struct dom *d = in->d;
	int n = d->n;
	memset(p, 0, sizeof *p);
	p->d = d;
	p->x = xpath_doc_new(d);
	p->end = xmalloc(((size_t)n + 1) * sizeof *p->end);
	long *ok = xcalloc((size_t)n + 1, sizeof *ok), *od = xcalloc((size_t)n + 1, sizeof *od);
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *tx = &d->texts[t];
		if (tx->flags & (TEXT_SKIP | TEXT_BREAK) || tx->elem < 0)
			continue;
		int v = visible_bytes(d, t);
		if (in->kept[t])
			ok[tx->elem] += v;
		else
			od[tx->elem] += v;
	}
	for (int i = 0; i < n; i++)
		p->end[i] = i + 1;
	for (int i = n - 1; i > 0; i--)
		if (d->parent[i] >= 0 && p->end[i] > p->end[d->parent[i]])
			p->end[d->parent[i]] = p->end[i];
	p->PK = xcalloc((size_t)n + 1, sizeof *p->PK);
	p->PD = xcalloc((size_t)n + 1, sizeof *p->PD);
	for (int i = 0; i < n; i++) {
		p->PK[i + 1] = p->PK[i] + ok[i];
		p->PD[i + 1] = p->PD[i] + od[i];
	}
	p->totK = p->PK[n];
	p->in = xcalloc((size_t)n + 1, 1);
	p->cut = xcalloc((size_t)n + 1, 1);
	free(ok);
	free(od);
}

static void
lp_free(struct lp *p)
{
	xpath_doc_free(p->x);
	free(p->end);
	free(p->PK);
	free(p->PD);
	free(p->in);
	free(p->cut);
}

/* The elements expr selects on p, outermost only (a selected element's
 * descendants come with it); the count, -1 on an error. */
static int
outermost(struct lp *p, const char *expr, int **ids)
{
	char err[300];
	int n = xpath_select_nodes(p->x, expr, true, ids, err, sizeof err);
	if (n <= 0)
		return n;
	int k = 0, edge = -1;
	for (int i = 0; i < n; i++)
		if ((*ids)[i] >= edge) {
			(*ids)[k++] = (*ids)[i];
			edge = p->end[(*ids)[i]];
		}
	return k;
}

/* ---- candidate expressions ---- */

struct cands {
	char **v;
	int n, cap;
};

static void
cand_add(struct cands *c, const char *s)
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

static void
cands_free(struct cands *c)
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
	static const char *const strip[] = { "aside", "nav", "form", "footer", "iframe",
		"noscript", "button", "select", "figure", "figcaption", "header", "table", "ul" };
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

/* Expressions for element e from its own stable attributes. */
static void
own_cands(const struct dom *d, int e, bool for_strip, struct cands *c)
{
	const char *tag = dom_tagname(d, e);
	struct buf b;
	buf_init(&b);
	const char *idv = dom_attr(d, e, "id");
	if (idv && quotable(idv, strlen(idv)) && !rules_looks_generated(idv, strlen(idv))) {
		buf_printf(&b, "//%s[@id='%s']", tag, idv);
		cand_add(c, b.data);
	}
	static const char *const attrs[] = { "itemprop", "role" };
	for (size_t a = 0; a < 2; a++) {
		const char *v = dom_attr(d, e, attrs[a]);
		if (v && quotable(v, strlen(v)) && strlen(v) < 40) {
			b.len = 0;
			buf_printf(&b, "//%s[@%s='%s']", tag, attrs[a], v);
			cand_add(c, b.data);
		}
	}
	const char *cls = dom_attr(d, e, "class");
	const char *tok[12];
	size_t len[12];
	int nt = 0;
	for (const char *p = cls ? cls : ""; *p && nt < 12;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		const char *s = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		size_t k = (size_t)(p - s);
		if (quotable(s, k) && !rules_looks_generated(s, k)) {
			tok[nt] = s;
			len[nt++] = k;
		}
	}
	for (int a = 0; a < nt; a++) {
		b.len = 0;
		buf_printf(&b, "//%s", tag);
		rules_class_pred(&b, tok[a], len[a]);
		cand_add(c, b.data);
	}
	for (int a = 0; a + 1 < nt && a < 3; a++) {
		b.len = 0;
		buf_printf(&b, "//%s", tag);
		rules_class_pred(&b, tok[a], len[a]);
		rules_class_pred(&b, tok[a + 1], len[a + 1]);
		cand_add(c, b.data);
	}
	if (semantic(tag, for_strip)) {
		b.len = 0;
		buf_printf(&b, "//%s", tag);
		cand_add(c, b.data);
	}
	buf_free(&b);
}

/* An expression for the nearest ancestor of e (below body) with an id
 * or class, into out; false when there is none. */
static bool
anchor_expr(const struct dom *d, int e, int *anc, struct buf *out)
{
	struct cands c = { 0 };
	for (int a = d->parent[e]; a >= 0 && a != d->body; a = d->parent[a]) {
		own_cands(d, a, false, &c);
		if (c.n) {
			buf_adds(out, c.v[0]);
			*anc = a;
			cands_free(&c);
			return true;
		}
	}
	cands_free(&c);
	return false;
}

/* A short prefix of e's text that a recurring notice would share:
 * its whole text when short, else its first words. */
static bool
text_pattern(const struct dom *d, int e, const char *tag, struct buf *out)
{
	char t[200];
	size_t n = 0;
	bool space = false;
	for (int k = d->text_begin[e]; k < d->text_end[e] && n + 4 < sizeof t; k++) {
		const char *s = dom_text(d, k);
		for (size_t i = 0; i < d->texts[k].len && n + 4 < sizeof t; i++) {
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
	if (n < 4)
		return false;
	if (n <= 40 && d->text_end[e] - d->text_begin[e] <= 3) {
		buf_printf(out, "//%s[normalize-space(.)='%.*s']", tag, (int)n, t);
		return true;
	}
	/* the first three words, cut at a character's start */
	size_t w = 0, i = 0;
	for (; i < n && w < 3; i++)
		if (t[i] == ' ')
			w++;
	if (w < 3 && i == n)
		return false;
	size_t cut = i ? i - 1 : 0;
	while (cut > 0 && ((unsigned char)t[cut] & 0xC0) == 0x80)
		cut--;
	if (cut < 12)
		return false;
	buf_printf(out, "//%s[starts-with(normalize-space(.),'%.*s')]", tag, (int)cut, t);
	return true;
}

/* ---- judging a body ---- */

struct score {
	double mean, worst;
	int pages_none;      /* pages it selects nothing on */
};

/* Per page: F1 of the kept text that the selection keeps, after cut[]. */
static double
page_f1(struct lp *p, const int *ids, int n)
{
	long k = 0, dd = 0;
	for (int i = 0; i < n; i++) {
		int e = ids[i];
		k += sub_k(p, e);
		dd += sub_d(p, e);
		for (int j = e; j < p->end[e]; j++)
			if (p->cut[j]) {
				k -= sub_k(p, j);
				dd -= sub_d(p, j);
				j = p->end[j] - 1;
			}
	}
	if (p->totK == 0)
		return k + dd == 0 ? 1 : 0;
	if (k <= 0)
		return 0;
	double P = (double)k / (double)(k + dd), R = (double)k / (double)p->totK;
	return 2 * P * R / (P + R);
}

static struct score
judge_body(struct lp *pages, int np, const char *expr)
{
	struct score s = { 0, 1, 0 };
	for (int i = 0; i < np; i++) {
		int *ids = NULL;
		int n = outermost(&pages[i], expr, &ids);
		double f = n > 0 ? page_f1(&pages[i], ids, n) : 0;
		if (n <= 0)
			s.pages_none++;
		s.mean += f / np;
		if (f < s.worst)
			s.worst = f;
		free(ids);
	}
	return s;
}

static bool
better(struct score a, const char *ea, struct score b, const char *eb)
{
	if (a.mean > b.mean + 1e-6)
		return true;
	if (a.mean < b.mean - 1e-6)
		return false;
	if (a.worst != b.worst)
		return a.worst > b.worst;
	return strlen(ea) < strlen(eb);
}

/* ---- the strips ---- */

/* Outcome of a strip: candidate over the pages: kept bytes it would
 * remove and dropped bytes of the body it would remove (not cut yet). */
struct strip_eff {
	long kept, gain;
	int pages_gain, pages_sel;
};

static struct strip_eff
judge_strip(struct lp *pages, int np, const char *expr)
{
	struct strip_eff f = { 0, 0, 0, 0 };
	for (int i = 0; i < np; i++) {
		struct lp *p = &pages[i];
		int *ids = NULL;
		int n = outermost(p, expr, &ids);
		long g = 0, k = 0;
		for (int j = 0; j < n; j++) {
			int e = ids[j];
			long ke = sub_k(p, e);
			/* kept text removed counts against it, on any page */
			k += ke;
			if (!p->in[e])
				continue;
			for (int q = e; q < p->end[e]; q++) {
				if (p->cut[q]) {
					q = p->end[q] - 1;
					continue;
				}
				g += p->PD[q + 1] - p->PD[q];
			}
		}
		/* one page's kept text may go only by a sliver */
		if (k > p->totK / 100 || k > 200)
			f.kept += k + 1000000;
		else
			f.kept += k;
		f.gain += g;
		f.pages_gain += g > 0;
		f.pages_sel += n > 0;
		free(ids);
	}
	return f;
}

static void
apply_cut(struct lp *pages, int np, const char *expr)
{
	for (int i = 0; i < np; i++) {
		int *ids = NULL;
		int n = outermost(&pages[i], expr, &ids);
		for (int j = 0; j < n; j++)
			pages[i].cut[ids[j]] = 1;
		free(ids);
	}
}

/* Dropped subtrees inside the body on p: elements with dropped text and
 * none kept whose parent holds kept text. */
static void
strip_cands(struct lp *p, int np_all, struct cands *tier1, struct cands *tier2,
	    struct cands *tier3)
{
	const struct dom *d = p->d;
	struct buf b;
	buf_init(&b);
	for (int e = 0; e < d->n; e++) {
		if (!p->in[e] || sub_d(p, e) == 0 || sub_k(p, e) > 0)
			continue;
		int par = d->parent[e];
		if (par >= 0 && p->in[par] && sub_k(p, par) == 0)
			continue;        /* its parent is the one to strip */
		own_cands(d, e, true, tier1);
		const char *tag = dom_tagname(d, e);
		b.len = 0;
		if (text_pattern(d, e, tag, &b))
			cand_add(tier2, b.data);
		/* from a stable ancestor: every such child, or this position */
		int anc;
		b.len = 0;
		if (anchor_expr(d, e, &anc, &b)) {
			size_t base = b.len;
			struct buf rel;
			buf_init(&rel);
			for (int q = e; q != anc; q = d->parent[q]) {
				struct buf step;
				buf_init(&step);
				buf_printf(&step, "/%s[%d]", dom_tagname(d, q), d->pos[q]);
				buf_add(&step, rel.data ? rel.data : "", rel.len);
				rel.len = 0;
				buf_add(&rel, step.data, step.len);
				buf_free(&step);
			}
			if (np_all > 1) {
				buf_add(&b, rel.data, rel.len);
				cand_add(tier3, b.data);
			}
			b.len = base;
			buf_printf(&b, "//%s", tag);
			if (!dom_attr(d, e, "class") && !dom_attr(d, e, "id"))
				cand_add(tier2, b.data);
			buf_free(&rel);
		}
	}
	buf_free(&b);
}

static bool
positional(const char *e)
{
	for (const char *p = strchr(e, '['); p; p = strchr(p + 1, '['))
		if (isdigit((unsigned char)p[1]))
			return true;
	return false;
}

/* Greedy: the candidate that removes most of the body's dropped text
 * without removing kept text, until none gains.  Tier 1 first (ids,
 * classes, attributes, tags), then recurring text, then positions that
 * hold on every page. */
static int
learn_strips(struct lp *pages, int np, struct cands *tiers, struct cands *chosen)
{
	int added = 0;
	for (int tier = 0; tier < 3; tier++) {
		struct cands *c = &tiers[tier];
		uint8_t *dead = xcalloc((size_t)c->n + 1, 1);
		for (;;) {
			int best = -1;
			struct strip_eff be = { 0, 0, 0, 0 };
			for (int i = 0; i < c->n; i++) {
				if (dead[i])
					continue;
				struct strip_eff f = judge_strip(pages, np, c->v[i]);
				/* recurring text must recur; a position must hold on
				 * every page */
				bool ok = f.kept * 20 <= f.gain && f.gain >= 8 &&
					  (tier != 1 || np == 1 || f.pages_gain >= 2) &&
					  (tier != 2 || (f.pages_gain == np && f.pages_sel == np));
				if (!ok) {
					dead[i] = 1;
					continue;
				}
				if (best < 0 || f.gain - 20 * f.kept > be.gain - 20 * be.kept ||
				    (f.gain - 20 * f.kept == be.gain - 20 * be.kept &&
				     strlen(c->v[i]) < strlen(c->v[best]))) {
					best = i;
					be = f;
				}
			}
			if (best < 0 || chosen->n >= 40)
				break;
			apply_cut(pages, np, c->v[best]);
			cand_add(chosen, c->v[best]);
			dead[best] = 1;
			added++;
		}
		free(dead);
	}
	return added;
}

/* ---- putting it together ---- */

static void
mark_in(struct lp *p, const char *expr)
{
	memset(p->in, 0, (size_t)p->d->n + 1);
	memset(p->cut, 0, (size_t)p->d->n + 1);
	int *ids = NULL;
	int n = outermost(p, expr, &ids);
	for (int j = 0; j < n; j++)
		memset(p->in + ids[j], 1, (size_t)(p->end[ids[j]] - ids[j]));
	free(ids);
}

/* Body candidates on p: the lowest element holding all the kept text,
 * its ancestors, and its children that hold much of it. */
static void
body_cands(struct lp *p, struct cands *c)
{
	const struct dom *d = p->d;
	if (p->totK == 0 || d->n == 0)
		return;
	int top = 0;
	for (bool moved = true; moved;) {
		moved = false;
		for (int ch = d->first_child[top]; ch >= 0; ch = d->next_sibling[ch])
			if (sub_k(p, ch) * 10 >= p->totK * 9) {
				top = ch;
				moved = true;
				break;
			}
	}
	for (int a = top; a >= 0; a = d->parent[a]) {
		own_cands(d, a, false, c);
		if (a == d->body)
			break;
	}
	for (int ch = d->first_child[top]; ch >= 0; ch = d->next_sibling[ch])
		if (sub_k(p, ch) * 5 >= p->totK)
			own_cands(d, ch, false, c);
	/* the kept blocks' own containers (a headline apart from the text) */
	for (int e = 0; e < d->n; e++) {
		int par = d->parent[e];
		if (sub_k(p, e) * 20 >= p->totK && sub_d(p, e) <= sub_k(p, e) &&
		    (par < 0 || sub_d(p, par) > sub_k(p, par) / 4))
			own_cands(d, e, false, c);
	}
}

int
rules_learn_lines(const struct rules_learn_page *in, int np, struct rule *r,
		  struct buf *log)
{
	if (np <= 0)
		return 0;
	struct lp *pages = xcalloc((size_t)np, sizeof *pages);
	for (int i = 0; i < np; i++)
		lp_init(&pages[i], &in[i]);
	int *todo = xmalloc((size_t)np * sizeof *todo);
	int ntodo = 0;
	for (int i = 0; i < np; i++)
		if (pages[i].totK > 0)
			todo[ntodo++] = i;
	int nbody = 0;
	struct cands strips = { 0 };
	/* the file's own strip: lines are applied already */
	for (int i = 0; i < r->strip.n; i++)
		cand_add(&strips, r->strip.v[i]);
	int first_old = -1;
	for (int k = 0; k < r->nlines && first_old < 0; k++)
		if (r->lines[k].kind == RULE_DIRECTIVE && !strcmp(r->lines[k].name, "body"))
			first_old = k;
	/* one body: line for the pages it serves; the pages it selects
	 * nothing on (another layout) get the next line */
	for (int round = 0; round < 3 && ntodo > 0; round++) {
		struct lp *sub = xcalloc((size_t)ntodo, sizeof *sub);
		for (int i = 0; i < ntodo; i++)
			sub[i] = pages[todo[i]];
		struct cands c = { 0 };
		for (int i = 0; i < ntodo; i++)
			body_cands(&sub[i], &c);
		/* singles, then unions of the best few */
		int best = -1;
		struct score bs = { -1, -1, 0 };
		struct score *sc = xcalloc((size_t)c.n + 1, sizeof *sc);
		for (int i = 0; i < c.n; i++) {
			sc[i] = judge_body(sub, ntodo, c.v[i]);
			if (best < 0 || better(sc[i], c.v[i], bs, c.v[best])) {
				best = i;
				bs = sc[i];
			}
		}
		int top[6], ntop = 0;
		for (int k = 0; k < 6; k++) {
			int b = -1;
			for (int i = 0; i < c.n; i++) {
				bool used = false;
				for (int j = 0; j < ntop; j++)
					used |= top[j] == i;
				if (!used && (b < 0 || better(sc[i], c.v[i], sc[b], c.v[b])))
					b = i;
			}
			if (b >= 0)
				top[ntop++] = b;
		}
		char *chosen = best >= 0 ? xstrdup(c.v[best]) : NULL;
		for (int a = 0; a < ntop; a++)
			for (int b = a + 1; b < ntop; b++) {
				struct buf u;
				buf_init(&u);
				buf_printf(&u, "%s | %s", c.v[top[a]], c.v[top[b]]);
				struct score s = judge_body(sub, ntodo, u.data);
				if (s.mean > bs.mean + 0.01) {
					bs = s;
					free(chosen);
					chosen = xstrdup(u.data);
				}
				buf_free(&u);
			}
		free(sc);
		cands_free(&c);
		if (!chosen || bs.mean <= 0) {
			free(chosen);
			free(sub);
			break;
		}
		/* its strips, learnt on the pages it serves */
		struct cands tiers[3] = { { 0 }, { 0 }, { 0 } };
		int nserved = 0;
		for (int i = 0; i < ntodo; i++) {
			mark_in(&sub[i], chosen);
			int *ids = NULL;
			int n = outermost(&sub[i], chosen, &ids);
			free(ids);
			if (n > 0)
				sub[nserved++] = sub[i];
		}
		for (int i = 0; i < strips.n; i++)
			apply_cut(sub, nserved, strips.v[i]);
		for (int i = 0; i < nserved; i++)
			strip_cands(&sub[i], nserved, &tiers[0], &tiers[1], &tiers[2]);
		learn_strips(sub, nserved, tiers, &strips);
		for (int t = 0; t < 3; t++)
			cands_free(&tiers[t]);
		if (log)
			buf_printf(log, "body: %s (mean F1 %.3f over %d page%s)\n", chosen,
				   bs.mean, nserved, nserved == 1 ? "" : "s");
		/* before the file's own body: lines, which still serve the
		 * layouts the loaded pages do not show */
		if (first_old >= 0)
			rule_insert(r, first_old++, "body", chosen);
		else
			rule_add(r, "body", chosen);
		nbody++;
		/* the pages this line serves are done */
		int k = 0;
		for (int i = 0; i < ntodo; i++) {
			int *ids = NULL;
			int n = outermost(&pages[todo[i]], chosen, &ids);
			free(ids);
			if (n <= 0)
				todo[k++] = todo[i];
		}
		free(chosen);
		free(sub);
		if (k == ntodo)
			break;
		ntodo = k;
	}
	int npos = 0;
	for (int i = 0; i < strips.n; i++) {
		bool dup = false;
		for (int k = 0; k < r->nlines && !dup; k++)
			dup = r->lines[k].kind == RULE_DIRECTIVE && !strcmp(r->lines[k].name, "strip") &&
			      !strcmp(r->lines[k].value, strips.v[i]);
		if (!dup)
			rule_add(r, "strip", strips.v[i]);
		npos += positional(strips.v[i]);
	}
	if (log && strips.n)
		buf_printf(log, "strip: %d line%s, %d with a position\n", strips.n,
			   strips.n == 1 ? "" : "s", npos);
	cands_free(&strips);
	free(todo);
	for (int i = 0; i < np; i++)
		lp_free(&pages[i]);
	free(pages);
	return nbody;
}
